// Makes the Marketplace icon (media/icon.png, 128×128; the Marketplace takes no SVG) from the activity-bar icon
// media/agent-tasks.svg: its strokes drawn white on a rounded tile, rendered by headless Chromium.
//   node scripts/make-icon.mjs
import fs from 'node:fs';
import path from 'node:path';
import { chromium } from 'playwright-core';

const ROOT = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const svg = fs
  .readFileSync(path.join(ROOT, 'media', 'agent-tasks.svg'), 'utf8')
  .replace(/width="24" height="24"/, 'width="96" height="96"')
  .replace(/stroke="currentColor"/, 'stroke="#ffffff"');
const html = `<!doctype html><html><body style="margin:0;background:transparent">
<div style="width:128px;height:128px;border-radius:24px;display:flex;align-items:center;justify-content:center;
background:linear-gradient(135deg,#2f6fdf 0%,#1c3f91 100%)">${svg}</div></body></html>`;

const browser = await chromium.launch({ executablePath: process.env.CHROMIUM || '/usr/bin/chromium' });
try {
  const page = await browser.newPage({ viewport: { width: 128, height: 128 }, deviceScaleFactor: 1 });
  await page.setContent(html);
  const out = path.join(ROOT, 'media', 'icon.png');
  await page.screenshot({ path: out, omitBackground: true, clip: { x: 0, y: 0, width: 128, height: 128 } });
  console.log(`[icon] ${path.relative(ROOT, out)}: ${fs.statSync(out).size} bytes`);
} finally {
  await browser.close();
}
