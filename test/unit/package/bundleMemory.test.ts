// What a loaded bundle costs the extension host's heap, read from the built bundles (npm run test:unit builds first).
// Each host bundle reaches VS Code's API through one namespace, not a copy of it per module (each copy is a getter
// for every name of the API, ~66 KB of heap). And each holds only Latin-1 characters: V8 keeps a script's source in
// memory, two bytes a character for the whole file as soon as one character is beyond Latin-1.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { ROOT } from '../../support/vsix';

const HOST_BUNDLES = ['extension', 'commands', 'chat', 'taskPage', 'changes', 'installations', 'testing'];

function bundle(name: string): string {
  const file = path.join(ROOT, 'dist', `${name}.js`);
  assert.ok(fs.existsSync(file), `${file} is missing: run npm run build`);
  return fs.readFileSync(file, 'utf8');
}

describe('host bundles in memory', () => {
  for (const name of HOST_BUNDLES) {
    it(`dist/${name}.js requires vscode once`, () => {
      const requires = bundle(name).match(/require\("vscode"\)/g) ?? [];
      assert.equal(requires.length, 1, `dist/${name}.js requires vscode ${requires.length} times`);
    });

    it(`dist/${name}.js is Latin-1 text`, () => {
      const text = bundle(name);
      const at = [...text].findIndex(c => c.codePointAt(0)! > 0xff);
      assert.equal(
        at,
        -1,
        `dist/${name}.js: a character beyond Latin-1 near "${text.slice(Math.max(0, at - 40), at + 10)}"`,
      );
    });
  }
});
