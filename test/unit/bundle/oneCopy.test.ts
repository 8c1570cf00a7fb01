// Every module the extension loads is in one file of dist/ only: the extension is one esbuild build split into
// chunks (scripts/build.mjs), so a module with state (the settings cache, the `Ui`, an emitter, the installations
// model) has one instance, and a class is one class (an error is told apart with `instanceof`). Read from esbuild's
// metafile of that build, dist/meta.json (npm run test:unit builds first).
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { ROOT } from '../../support/vsix';

interface Output {
  inputs: Record<string, unknown>;
  imports: Array<{ path: string; kind: string; external?: boolean }>;
  entryPoint?: string;
}

/** The `src/` modules each found in more than one output file, with those files. */
function inMoreThanOne(outputs: Record<string, Output>): Record<string, string[]> {
  const where = new Map<string, string[]>();
  for (const [file, out] of Object.entries(outputs)) {
    if (file.endsWith('.map')) continue;
    for (const input of Object.keys(out.inputs).filter(i => i.startsWith('src/')))
      where.set(input, [...(where.get(input) ?? []), file]);
  }
  return Object.fromEntries([...where].filter(([, files]) => files.length > 1));
}

/** The output files `from` reaches, through static imports and, with `dynamic`, through `import()` too. */
function reached(outputs: Record<string, Output>, from: string, dynamic: boolean): Set<string> {
  const seen = new Set<string>();
  const todo = [from];
  while (todo.length) {
    const file = todo.pop()!;
    if (seen.has(file)) continue;
    seen.add(file);
    for (const i of outputs[file]?.imports ?? [])
      if (!i.external && (dynamic || i.kind !== 'dynamic-import')) todo.push(i.path);
  }
  return seen;
}

describe('bundles: one copy of each module', () => {
  const metaFile = path.join(ROOT, 'dist', 'meta.json');
  const outputs = (): Record<string, Output> => {
    assert.ok(fs.existsSync(metaFile), `${metaFile} is missing: run npm run build`);
    return (JSON.parse(fs.readFileSync(metaFile, 'utf8')) as { outputs: Record<string, Output> }).outputs;
  };

  it('the check finds a module that is in two files', () => {
    const two = {
      'a.js': { inputs: { 'src/config.ts': {} }, imports: [] },
      'b.js': { inputs: { 'src/config.ts': {} }, imports: [] },
    };
    assert.deepEqual(inMoreThanOne(two), { 'src/config.ts': ['a.js', 'b.js'] });
  });

  it('no src module is in two output files of the extension', () => {
    const out = outputs();
    const modules = new Set(Object.values(out).flatMap(o => Object.keys(o.inputs).filter(i => i.startsWith('src/'))));
    assert.ok(modules.size > 150, `${modules.size} modules read`);
    assert.deepEqual(inMoreThanOne(out), {});
  });

  it('the entry reaches every file of the build but the test surface', () => {
    const out = outputs();
    const files = Object.keys(out).filter(f => !f.endsWith('.map'));
    const fromEntry = reached(out, 'dist/extension.mjs', true);
    const left = files.filter(f => !fromEntry.has(f));
    // No chunk is the test surface's alone: what it holds only the test surface reaches is in dist/testing.mjs.
    assert.deepEqual(
      left.filter(f => f !== 'dist/testing.mjs'),
      [],
    );
  });

  // The API's chunk throws ApiError and src/errors/failure.ts, loaded at activation, tells it apart with `instanceof`:
  // that holds because both reach the one file that holds the class.
  it("an error thrown by a lazy chunk is of the class activation's code checks", () => {
    const out = outputs();
    const holding = (module: string) => Object.keys(out).filter(f => module in out[f].inputs);
    const [errors] = holding('src/api/errors.ts');
    const [client] = holding('src/api/client.ts');
    const [failure] = holding('src/errors/failure.ts');
    assert.ok(errors && client && failure, 'the three modules are built');
    assert.notEqual(client, errors, 'the client is in a lazy chunk of its own');
    const atActivation = reached(out, 'dist/extension.mjs', false);
    assert.ok(atActivation.has(failure) && atActivation.has(errors), 'the check and the class load at activation');
    assert.ok(!atActivation.has(client), 'the client does not');
    assert.ok(reached(out, client, false).has(errors), "the client's chunk imports the class from that one file");
  });

  it('the heavy parts are not loaded at activation', () => {
    const out = outputs();
    const atActivation = [...reached(out, 'dist/extension.mjs', false)].flatMap(f => Object.keys(out[f].inputs));
    for (const later of [
      'src/api/client.ts',
      'src/sandbox/server.ts',
      'src/commands/handlers.ts',
      'src/changes/changes.ts',
    ])
      assert.ok(!atActivation.includes(later), `${later} is loaded at activation`);
    assert.ok(!atActivation.some(i => i.includes('node_modules/undici/')), 'undici is loaded at activation');
  });
});
