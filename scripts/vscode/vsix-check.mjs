// Checks the packaged extension as a user gets it: the .vsix holds only what ships, installs into a fresh real
// VS Code with --install-extension (no development options), and activates there.
//   node scripts/vscode/vsix-check.mjs [path/to.vsix]      (default: the .vsix of this version in .artifacts/)
import fs from 'node:fs';
import path from 'node:path';
import { ROOT, ARTIFACTS, makeRunDir, installVsix, startCodeServer, launchBrowser, watchPage } from './lib.mjs';
import { sel, waitForWorkbench, runCommand } from './workbench.mjs';

const manifest = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8'));
// The manifest's words are in package.nls.json (`%key%` in package.json), as VS Code shows them.
const nls = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.nls.json'), 'utf8'));
manifest.displayName = nls[manifest.displayName.replace(/^%(.*)%$/, '$1')] ?? manifest.displayName;
const vsix = path.resolve(process.argv[2] || path.join(ARTIFACTS, `${manifest.name}-${manifest.version}.vsix`));
if (!fs.existsSync(vsix)) {
  console.error(`[vsix] ${vsix} is missing: run \`npm run package\` first`);
  process.exit(2);
}
const t0 = Date.now();
const since = () => `${((Date.now() - t0) / 1000).toFixed(1)} s`;

// What .vscodeignore lets through: the bundles, media, the manifest, readme, licence, changelog (and vsce's own).
const ALLOWED = [
  /^extension\/dist\/extension\.mjs$/,
  /^extension\/dist\/chunks\/[\w.-]+\.mjs$/,
  /^extension\/dist\/web\/extension\.js$/,
  /^extension\/media\//,
  /^extension\/package(\.nls)?\.json$/,
  /^extension\/l10n\/bundle\.l10n\.json$/,
  /^extension\/(readme|changelog)\.md$/i,
  /^extension\/LICENSE(\.txt)?$/i,
  /^extension\.vsixmanifest$/,
  /^\[Content_Types\]\.xml$/,
];
const entries = zipEntries(fs.readFileSync(vsix));
const stray = entries.filter(e => !ALLOWED.some(re => re.test(e)));
const mapFiles = entries.filter(e => e.endsWith('.map'));
console.log(
  `[vsix] ${path.relative(ROOT, vsix)}: ${(fs.statSync(vsix).size / 1024).toFixed(0)} KB, ${entries.length} entries`,
);
if (stray.length) fail(`files that should not ship: ${stray.join(', ')}`);
if (mapFiles.length) fail(`source maps ship: ${mapFiles.join(', ')}`);
if (!entries.includes(`extension/${manifest.main.replace(/^\.\//, '')}`))
  fail(`the entry ${manifest.main} is not in the package`);
if (!entries.includes(`extension/${manifest.browser.replace(/^\.\//, '')}`))
  fail(`the browser's entry ${manifest.browser} is not in the package`);

const runDir = makeRunDir('vsix');
const id = `${manifest.publisher}.${manifest.name}`;
installVsix(runDir, vsix);
const installed = fs.readdirSync(path.join(runDir, 'extensions')).filter(d => d.startsWith(`${id}-`));
if (installed.length !== 1) fail(`--install-extension left ${JSON.stringify(installed)} in the extensions folder`);
console.log(`[vsix] installed as ${installed[0]} (${since()})`);

const folder = path.join(runDir, 'workspace');
fs.mkdirSync(folder, { recursive: true });
// No development options: the workbench runs the installed copy, as for a user.
const server = await startCodeServer({ runDir, folder, devDriver: false });
const browser = await launchBrowser(runDir);
const shots = path.join(ARTIFACTS, 'screenshots');
fs.mkdirSync(shots, { recursive: true });
let code = 0;
const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
page.setDefaultTimeout(30_000);
watchPage(page, 'vsix');
try {
  await page.goto(`${server.url}/?folder=${encodeURIComponent(folder)}`);
  await waitForWorkbench(page);
  await page.locator(sel.activityItem(manifest.displayName)).waitFor();
  console.log(`[vsix] the "${manifest.displayName}" view container is in the activity bar (${since()})`);
  // The log channel is created in activate(), so its presence in the Output channel list proves activation. The
  // list is a snapshot taken when it opens, and activation (onStartupFinished) may come a little later: retry.
  for (let attempt = 1; ; attempt++) {
    await runCommand(page, 'Output: Show Output Channels...');
    const row = page.locator(sel.quickInputRow, { hasText: manifest.displayName }).first();
    if (
      await row.waitFor({ timeout: 3_000 }).then(
        () => true,
        () => false,
      )
    ) {
      await row.click();
      break;
    }
    await page.keyboard.press('Escape');
    if (attempt === 10) throw new Error(`no "${manifest.displayName}" output channel: the extension did not activate`);
    await page.locator(sel.quickInput).waitFor({ state: 'hidden' });
  }
  // The channel's first lines are drawn once the editor holds them.
  await page.locator('.panel .monaco-editor .view-lines .view-line').first().waitFor();
  await page.screenshot({ path: path.join(shots, 'vsix-activated.png') });
  console.log(`[vsix] the extension activated: its "${manifest.displayName}" log channel exists (${since()})`);
  const commands = (manifest.contributes?.commands ?? []).length;
  if (commands) {
    await page.keyboard.press('F1');
    await page.locator(sel.quickInputBox).fill(`>${manifest.displayName}: `);
    await page.locator(sel.quickInputRow).first().waitFor();
    const shown = await page.locator(sel.quickInputRow).count();
    console.log(`[vsix] the command palette offers ${shown} "${manifest.displayName}:" command(s)`);
    if (shown === 0) throw new Error('no command of the extension in the palette');
    await page.keyboard.press('Escape');
  }
  console.log('[vsix] ok');
} catch (e) {
  code = 1;
  console.error(`[vsix] FAILED after ${since()}: ${e.message}`);
  await page.screenshot({ path: path.join(shots, 'vsix-failure.png') }).catch(() => {});
} finally {
  await browser.close().catch(() => {});
  server.stop();
  if (code === 0) fs.rmSync(runDir, { recursive: true, force: true });
  else console.log(`[vsix] logs kept in ${runDir}`);
  process.exit(code);
}

function fail(why) {
  console.error(`[vsix] FAILED: ${why}`);
  process.exit(1);
}

/** Names in a zip's central directory (a .vsix is a zip); no unzip tool needed. */
function zipEntries(buf) {
  const eocd = buf.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  if (eocd < 0) throw new Error('not a zip file');
  const count = buf.readUInt16LE(eocd + 10);
  let p = buf.readUInt32LE(eocd + 16);
  const names = [];
  for (let i = 0; i < count; i++) {
    if (buf.readUInt32LE(p) !== 0x02014b50) throw new Error('bad zip central directory');
    const nameLen = buf.readUInt16LE(p + 28),
      extraLen = buf.readUInt16LE(p + 30),
      commentLen = buf.readUInt16LE(p + 32);
    names.push(buf.toString('utf8', p + 46, p + 46 + nameLen));
    p += 46 + nameLen + extraLen + commentLen;
  }
  return names;
}
