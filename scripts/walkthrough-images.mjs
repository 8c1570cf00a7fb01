// Makes the walkthrough's pictures (media/walkthrough/*.png) from the screenshots the UI runs take of the real
// product (.artifacts/screenshots/, from scripts/vscode/ui-walkthrough.mjs, ui-review.mjs and ui-accounts.mjs): each is a crop of
// one screenshot, scaled down, rendered by headless Chromium so no image tool is needed.
//   node scripts/walkthrough-images.mjs
import fs from 'node:fs';
import path from 'node:path';
import { chromium } from 'playwright-core';

const ROOT = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const SHOTS = path.join(ROOT, '.artifacts', 'screenshots');
const OUT = path.join(ROOT, 'media', 'walkthrough');

/** Each picture: the screenshot it comes from, the part kept (x, y, width, height in its pixels) and the scale. */
const PICTURES = [
  { out: 'sandbox.png', from: 'walkthrough-tasks.png', crop: [0, 30, 570, 270], scale: 0.8 },
  { out: 'sign-in.png', from: 'accounts-3-menu.png', crop: [0, 590, 790, 210], scale: 0.75 },
  { out: 'start-from-selection.png', from: 'walkthrough-selection.png', crop: [0, 0, 1200, 500], scale: 0.6 },
  { out: 'watch.png', from: 'walkthrough-tasks.png', crop: [0, 490, 570, 310], scale: 0.8 },
  { out: 'review.png', from: 'review-1-comment.png', crop: [615, 340, 760, 225], scale: 0.75 },
  { out: 'feedback.png', from: 'review-3-feedback-draft.png', crop: [610, 30, 790, 250], scale: 0.7 },
  { out: 'apply.png', from: 'walkthrough-apply.png', crop: [575, 150, 525, 410], scale: 0.8 },
  { out: 'chat.png', from: 'walkthrough-chat.png', crop: [250, 200, 700, 400], scale: 0.8 },
];

const only = process.argv.slice(2);
fs.mkdirSync(OUT, { recursive: true });
const browser = await chromium.launch({ executablePath: process.env.CHROMIUM || '/usr/bin/chromium' });
try {
  const page = await browser.newPage({ viewport: { width: 1600, height: 1200 }, deviceScaleFactor: 1 });
  for (const p of PICTURES.filter(p => !only.length || only.includes(p.out))) {
    const file = path.join(SHOTS, p.from);
    if (!fs.existsSync(file)) throw new Error(`${file} is missing: run the UI runs first`);
    const [x, y, w, h] = p.crop;
    const src = `data:image/png;base64,${fs.readFileSync(file).toString('base64')}`;
    await page.setContent(`<body style="margin:0"><div id="c" style="position:relative;overflow:hidden;
      width:${Math.round(w * p.scale)}px;height:${Math.round(h * p.scale)}px"><img id="i" src="${src}"
      style="position:absolute;left:${-x * p.scale}px;top:${-y * p.scale}px;transform-origin:0 0;
      transform:scale(${p.scale})"></div></body>`);
    await page.waitForFunction(() => document.getElementById('i').complete);
    await page.locator('#c').screenshot({ path: path.join(OUT, p.out) });
    console.log(
      `[walkthrough] ${p.out} from ${p.from}: ${(fs.statSync(path.join(OUT, p.out)).size / 1024).toFixed(0)} KB`,
    );
  }
} finally {
  await browser.close();
}
