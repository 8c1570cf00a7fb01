// The shipped files hold the product only: every class, function and interface the test surface (src/testing)
// declares is in dist/testing.mjs, which the extension imports in test mode only, and none is in dist/extension.mjs
// or its chunks (dist/chunks/), what the package ships.
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';

const root = path.resolve(__dirname, '../../../..');
const read = (f: string): string => fs.readFileSync(path.join(root, f), 'utf8');
/** The entry and its chunks, one text. */
const shipped = (): string =>
  [
    read('dist/extension.mjs'),
    ...fs
      .readdirSync(path.join(root, 'dist/chunks'))
      .filter(f => f.endsWith('.mjs'))
      .map(f => read(`dist/chunks/${f}`)),
  ].join('\n');

/** The names src/testing declares at its top level (classes and functions keep their names in the minified bundle). */
function testSurfaceNames(): string[] {
  const dir = path.join(root, 'src', 'testing');
  const names = new Set<string>();
  for (const f of fs.readdirSync(dir).filter(n => n.endsWith('.ts'))) {
    const text = fs.readFileSync(path.join(dir, f), 'utf8');
    for (const m of text.matchAll(/^(?:export )?(?:async )?(?:class|function) ([A-Za-z_$][\w$]*)/gm)) names.add(m[1]);
  }
  return [...names];
}

describe('bundles: the test surface ships apart', () => {
  const names = testSurfaceNames();

  it('src/testing declares the names looked for', () => {
    for (const n of ['RecordingUi', 'TestRecorder', 'createTestApi', 'renderingOf', 'begin'])
      assert.ok(names.includes(n), n);
  });

  it('dist/testing.mjs carries them (the check below can fail)', () => {
    const testing = read('dist/testing.mjs');
    const missing = names.filter(n => n.length > 5 && !testing.includes(n));
    assert.deepEqual(missing, []);
  });

  it('dist/extension.mjs and its chunks carry none of them', () => {
    const ext = shipped();
    const found = names.filter(n => n.length > 5 && new RegExp(`\\b${n}\\b`).test(ext));
    assert.deepEqual(found, [], `in dist/extension.mjs or dist/chunks: ${found.join(', ')}`);
  });

  // Members only tests read were moved to src/observers.ts (the parts report to observers the test surface gives):
  // StatusBarController.shown(), ContextKeys.snapshot(), ServiceClients.onDidRespond; StartArgs.interactive is gone,
  // since tests answer the start's questions through the `Ui`. Property names survive minifying, so they show here.
  it('dist/extension.mjs and its chunks keep no member only tests used', () => {
    const ext = shipped();
    const left = [/\bshown\(\)\{/, /\bsnapshot\(/, /\bonDidRespond\b/, /\binteractive\b/].filter(r => r.test(ext));
    assert.deepEqual(left.map(String), []);
  });

  it('the package leaves dist/testing.mjs out', () => {
    const ignore = read('.vscodeignore')
      .split('\n')
      .map(l => l.trim());
    assert.ok(ignore.includes('**'), '.vscodeignore starts from nothing');
    assert.ok(!ignore.some(l => l.startsWith('!') && 'dist/testing.mjs'.startsWith(l.slice(1).replace(/\*+$/, ''))));
  });
});
