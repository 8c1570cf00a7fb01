// The package as the Marketplace gets it: vsce packs it without a warning, and it holds only what runs.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { pack, ROOT, type Packed } from '../../support/vsix';

const manifest = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as {
  main: string;
  browser: string;
  icon: string;
  categories: string[];
  contributes: { walkthroughs?: Array<{ steps: Array<{ media: { image?: string } }> }> };
};

describe('package (.vsix)', function () {
  this.timeout(120_000);
  let packed: Packed;
  before(async () => {
    assert.ok(fs.existsSync(path.join(ROOT, manifest.main)), `${manifest.main} is missing: run npm run build`);
    packed = await pack();
  });
  after(() => fs.rmSync(path.dirname(packed.file), { recursive: true, force: true }));

  it('is made without a warning', () => {
    assert.doesNotMatch(packed.output, /WARNING|Do you want to continue/i, packed.output);
  });

  it('holds only the bundles, the media, the manifest, readme, changelog and licence', () => {
    const allowed = [
      /^extension\/dist\/extension\.mjs$/,
      /^extension\/dist\/chunks\/[\w-]+\.mjs$/,
      /^extension\/dist\/web\/extension\.js$/,
      /^extension\/media\/[\w./-]+\.(svg|png|css|js)$/,
      /^extension\/package(\.nls)?\.json$/,
      /^extension\/l10n\/bundle\.l10n\.json$/,
      /^extension\/(readme|changelog)\.md$/i,
      /^extension\/LICENSE(\.txt)?$/i,
      /^extension\.vsixmanifest$/,
      /^\[Content_Types\]\.xml$/,
    ];
    const stray = packed.entries.filter(e => !allowed.some(re => re.test(e)));
    assert.deepEqual(stray, [], 'nothing else ships');
    const forbidden = packed.entries.filter(e => /(^|\/)(test|tests|bench|src|fixtures|out)\/|\.(map|ts)$/.test(e));
    assert.deepEqual(forbidden, [], 'no tests, benches, sources, fixtures or source maps');
  });

  it('holds what the manifest names: the entry, the icon and every walkthrough picture', () => {
    const named = [manifest.main, manifest.browser, manifest.icon];
    for (const w of manifest.contributes.walkthroughs ?? [])
      for (const s of w.steps) if (s.media.image) named.push(s.media.image);
    for (const file of named) assert.ok(packed.entries.includes(`extension/${file.replace(/^\.\//, '')}`), file);
  });

  it('holds every file the extension loads, at activation or on first use, and not the test surface', () => {
    // The files of the extension's build (esbuild's metafile, scripts/build.mjs): a chunk left out of the package
    // would fail on its first use only.
    const meta = JSON.parse(fs.readFileSync(path.join(ROOT, 'dist/meta.json'), 'utf8')) as {
      outputs: Record<string, unknown>;
    };
    const loaded = Object.keys(meta.outputs).filter(f => f.endsWith('.mjs') && f !== 'dist/testing.mjs');
    assert.ok(loaded.length >= 7, `found ${loaded.join(', ')}`);
    for (const file of loaded) assert.ok(packed.entries.includes(`extension/${file}`), `${file} ships`);
    assert.ok(!packed.entries.includes('extension/dist/testing.mjs'), 'the test surface does not ship');
    assert.deepEqual(
      packed.entries.filter(e => /^extension\/dist\/.*\.js$/.test(e)),
      ['extension/dist/web/extension.js'],
      "the plain-Node builds (dist/api.js, dist/sandbox.js, dist/nodeFetch.js) are not the extension's",
    );
  });

  it('holds the translations: the words of the manifest and of the code', () => {
    assert.ok(packed.entries.includes('extension/package.nls.json'));
    assert.ok(packed.entries.includes('extension/l10n/bundle.l10n.json'));
  });

  it('is small', () => {
    // The extension's files compress to about 280 KB (undici's stack, its nodeFetch chunk, about 170 KB of it: for what
    // VS Code's fetch cannot do, see src/env/node/hostNetwork.ts) and the walkthrough's eight pictures weigh about 290 KB;
    // the bench records the figure (bench/bundle.mjs).
    // The browser's build (dist/web/extension.js, under 300 KB, test/unit/bundle/browserBundle.test.ts) adds about 100 KB.
    // Sets of attempts, Compare Attempts and the system's notifications added about 10 KB (843 KB on 2026-12-07).
    assert.ok(packed.bytes < 860 * 1024, `${(packed.bytes / 1024).toFixed(0)} KB`);
  });
});
