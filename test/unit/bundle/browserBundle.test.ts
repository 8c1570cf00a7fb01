// The browser's build, dist/web/extension.js (scripts/build.mjs; npm run test:unit builds first): what the web worker
// extension host can load. One CommonJS file that requires nothing but `vscode`, under 300 KB minified, with none of
// Node's globals on the paths the browser runs, and none of what only the Node host runs (undici, the sandbox's
// server, a task's changes through git) inside: the seam (src/env) and the build leave them out.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { ROOT } from '../../support/vsix';

const manifest = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { browser: string };
const file = path.join(ROOT, manifest.browser);
const text = fs.readFileSync(file, 'utf8');
const meta = JSON.parse(fs.readFileSync(path.join(ROOT, 'dist/web/meta.json'), 'utf8')) as {
  outputs: Record<string, { inputs: Record<string, unknown>; bytes: number }>;
};
const inputs = Object.keys(meta.outputs['dist/web/extension.js']?.inputs ?? {});

describe("the browser's build", () => {
  it('is the manifest\'s "browser" entry, at most 300 KB minified', () => {
    assert.equal(manifest.browser, './dist/web/extension.js');
    const size = fs.statSync(file).size;
    assert.ok(size <= 300 * 1024, `dist/web/extension.js is ${(size / 1024).toFixed(1)} KB`);
  });

  it('is one CommonJS file that requires nothing but vscode, and imports no module', () => {
    const required = new Set([...text.matchAll(/\brequire\(\s*["'`]([^"'`]+)["'`]\s*\)/g)].map(m => m[1]));
    assert.deepEqual([...required], ['vscode']);
    assert.doesNotMatch(text, /\bimport\s*\(|^import\s|\bimport\.meta\b/m);
    assert.match(text, /\bmodule\.exports\s*=|\bexports\.activate\b|\bactivate:\s*\(\)\s*=>/);
  });

  it("uses none of Node's globals the web worker lacks (Buffer, setImmediate, __dirname, global)", () => {
    const found = [...text.matchAll(/\b(Buffer\.\w+|setImmediate\(|__dirname|__filename|global\.)/g)].map(m => m[1]);
    assert.deepEqual([...new Set(found)], []);
  });

  it('holds the browser side of the seam, and nothing only the Node host runs', () => {
    assert.ok(inputs.includes('src/env/browser/index.ts'), 'the browser side of #env');
    const nodeOnly = inputs.filter(i =>
      /^(src\/env\/node\/|src\/sandbox\/|src\/api\/(nodeFetch|certificate)\.ts|src\/changes\/(changes|registerCommands|changesNode|changesReady)\.ts|src\/changes\/(land|handoff|attempts|rounds)\/|src\/git\/|src\/tasks\/(gitBranches|remoteBranches)\.ts|src\/commands\/(checkoutCommand|checkoutRefusal)\.ts|node_modules\/undici\/)/.test(
        i,
      ),
    );
    assert.deepEqual(nodeOnly, []);
  });
});
