// What a loaded file of the extension costs the extension host's heap, read from the built files (npm run test:unit
// builds first). Each reaches VS Code's API as an ES module import, never through `require`: esbuild would wrap a
// required `vscode` in a copy of the API per module (a getter for every name of the API, ~66 KB of heap each), where
// every `import * as vscode` of an ES module is the one namespace. And each file holds only Latin-1 characters: V8
// keeps a script's source in memory, two bytes a character for the whole file as soon as one character is beyond
// Latin-1.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { ROOT } from '../../support/vsix';

/** The extension's files: its entry, its chunks, and the test surface. */
function hostFiles(): string[] {
  const dist = path.join(ROOT, 'dist');
  const chunks = fs.existsSync(path.join(dist, 'chunks')) ? fs.readdirSync(path.join(dist, 'chunks')) : [];
  const files = [
    ...fs.readdirSync(dist).filter(f => f.endsWith('.mjs')),
    ...chunks.filter(f => f.endsWith('.mjs')).map(f => `chunks/${f}`),
  ];
  assert.ok(files.includes('extension.mjs'), `${dist}/extension.mjs is missing: run npm run build`);
  return files;
}

describe('host bundles in memory', () => {
  const files = hostFiles();

  it('are the entry and its chunks', () => {
    assert.ok(files.length > 5, files.join(', '));
  });

  for (const name of files) {
    it(`dist/${name} imports vscode, never requires it`, () => {
      const text = fs.readFileSync(path.join(ROOT, 'dist', name), 'utf8');
      assert.deepEqual(text.match(/require\("vscode"\)/g) ?? [], []);
      const imports = text.match(/import\s*\*\s*as\s*[\w$]+\s*from\s*"vscode"/g) ?? [];
      const all = text.match(/"vscode"/g) ?? [];
      assert.equal(all.length, imports.length, `dist/${name}: "vscode" named other than in a namespace import`);
    });

    it(`dist/${name} is Latin-1 text`, () => {
      const text = fs.readFileSync(path.join(ROOT, 'dist', name), 'utf8');
      const at = [...text].findIndex(c => c.codePointAt(0)! > 0xff);
      assert.equal(
        at,
        -1,
        `dist/${name}: a character beyond Latin-1 near "${text.slice(Math.max(0, at - 40), at + 10)}"`,
      );
    });
  }
});
