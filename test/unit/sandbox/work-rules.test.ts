// The rules of the sandbox agent's generated work (docs/sandbox.md, "Generated work"), on files in memory: which files
// a prompt's work edits, when it adds a test, when it removes or moves a file, and what a feedback round changes.
import assert from 'node:assert/strict';
import type { FileOp } from '../../../src/sandbox/git/commits';
import { readRequest } from '../../../src/sandbox/git/request';
import { Tree } from '../../../src/sandbox/git/tree';
import { type WorkKind, generatedWork } from '../../../src/sandbox/git/work';
import { taskName } from '../../../src/sandbox/state';

/** The demo's acme/rocket, as far as the rules care. */
const ROCKET: Record<string, string> = {
  'README.md': '# rocket\n\nA small launch-sequence library.\n',
  'src/countdown.ts':
    'export function countdown(from: number): number[] {\n  const out: number[] = [];\n' +
    '  for (let n = from; n > 0; n--) out.push(n);\n  return out;\n}\n',
  'src/ignite.ts':
    "import { countdown } from './countdown';\n\nexport function ignite(seconds: number): string {\n" +
    "  return countdown(seconds).join(', ') + ', lift-off';\n}\n",
  'src/telemetry.ts': 'export async function upload(endpoint: string): Promise<void> {\n  await fetch(endpoint);\n}\n',
  'src/legacy-telemetry.ts': "export const LEGACY_ENDPOINT = 'https://telemetry.example.invalid/v1';\n",
  'test/countdown.test.ts':
    "import assert from 'node:assert/strict';\nimport { test } from 'node:test';\n" +
    "import { countdown } from '../src/countdown';\n\ntest('counts down', () => {\n  assert.deepEqual(countdown(2), [2, 1]);\n});\n",
  '.github/prompts/add-tests.prompt.md': 'Add unit tests.\n',
};

const treeOf = (files: Record<string, string>): Tree =>
  new Tree(
    new Map(Object.entries(files).map(([p, t]) => [p, { mode: '100644', data: Buffer.from(t, 'utf8') }])),
    async () => new Map(),
  );

const work = (prompt: string, kind: WorkKind = 'start', files = ROCKET, n = 1) =>
  generatedWork(treeOf(files), prompt, taskName(prompt), n, kind);

/** Each op as "kind path" ("write src/a.ts", "delete src/b.ts", "rename src/c.ts -> legacy/c.ts"). */
const said = (ops: FileOp[]): string[] =>
  ops.map(o => (o.op === 'rename' ? `rename ${o.from} -> ${o.path}` : `${o.op} ${o.path}`)).sort();

const textOf = (ops: FileOp[], p: string): string => {
  const o = ops.find(x => x.op === 'write' && x.path === p);
  assert.ok(o && o.op === 'write', `no write of ${p}: ${said(ops).join(', ')}`);
  return o.data.toString('utf8');
};

const FEEDBACK = [
  'Round 2 of “Make countdown reject negative numbers”: remove src/ignite.ts, and delete a test',
  '',
  '1. src/countdown.ts, line 3:',
  '```',
  '  for (let n = from; n > 0; n--) out.push(n);',
  '```',
  'Use a while loop.',
  '',
  '2. src/telemetry.ts, lines 1–2:',
  '```',
  'export async function upload(endpoint: string): Promise<void> {',
  '  await fetch(endpoint);',
  '```',
  'Say which endpoint failed; do not remove src/legacy-telemetry.ts.',
  '',
].join('\n');

describe("the sandbox agent's generated work fits the prompt", () => {
  it('edits the file the prompt is about (by its words), adds no test unasked, removes nothing', async () => {
    const w = await work('Make countdown reject negative numbers');
    assert.deepEqual(said(w.ops), ['write src/countdown.ts']);
    assert.match(textOf(w.ops, 'src/countdown.ts'), /^export function countdown\(from/);
    assert.match(textOf(w.ops, 'src/countdown.ts'), /export function countdownRejectNegative\(/);
    const last = await work('Make countdown reject negative numbers', 'final', ROCKET, 2);
    assert.deepEqual(said(last.ops), ['write README.md']);
    assert.doesNotMatch(textOf(last.ops, 'README.md'), /with tests/);
  });

  it('edits the files the prompt names, and the file of a selection quoted in it', async () => {
    assert.deepEqual(said((await work('Log each upload in src/telemetry.ts and ignite.ts')).ops), [
      'write src/ignite.ts',
      'write src/telemetry.ts',
    ]);
    const selection =
      'Tidy this\n\n```typescript\nexport function ignite() {}\n```\n\nReference: `src/ignite.ts`, lines 3–5.';
    assert.deepEqual(said((await work(selection)).ops), ['write src/ignite.ts']);
  });

  it('adds a test when the prompt asks for one, importing the function it added', async () => {
    const w = await work('Make countdown reject negative numbers, with a unit test');
    assert.deepEqual(said(w.ops), ['write src/countdown.ts', 'write test/countdown-reject-negative.test.ts']);
    assert.match(
      textOf(w.ops, 'test/countdown-reject-negative.test.ts'),
      /import \{ countdownRejectNegative \} from '\.\.\/src\/countdown';/,
    );
    // A prompt about a test edits that test.
    const flaky = await work('Fix the flaky countdown test');
    assert.deepEqual(said(flaky.ops), ['write test/countdown.test.ts']);
    assert.match(textOf(flaky.ops, 'test/countdown.test.ts'), /assert\.equal\(typeof countdown, 'function'\)/);
  });

  it('removes or moves a file only when the prompt asks, and never for words that are not a file', async () => {
    assert.deepEqual(said((await work('Remove src/ignite.ts')).ops), ['delete src/ignite.ts']);
    assert.deepEqual(said((await work('Delete `legacy-telemetry.ts`, it is unused')).ops), [
      'delete src/legacy-telemetry.ts',
    ]);
    assert.deepEqual(said((await work('Move src/ignite.ts to legacy/')).ops), [
      'rename src/ignite.ts -> legacy/ignite.ts',
    ]);
    assert.deepEqual(said((await work('Rename ignite.ts to launch.ts')).ops), [
      'rename src/ignite.ts -> src/launch.ts',
    ]);
    assert.deepEqual(said((await work('Remove the retries from the telemetry uploader')).ops), [
      'write src/telemetry.ts',
    ]);
    assert.ok((await work('Tidy countdown.ts but do not delete src/ignite.ts')).ops.every(o => o.op === 'write'));
    // Across every kind of commit of prompts that ask for none, no file is removed or moved.
    for (const prompt of ['Add retries to the telemetry uploader', 'Speed up the build', 'Explain the launch'])
      for (const [kind, n] of [
        ['start', 1],
        ['step', 2],
        ['final', 3],
      ] as const)
        assert.ok(
          (await work(prompt, kind, ROCKET, n)).ops.every(o => o.op === 'write'),
          `${prompt} (${kind}) only writes`,
        );
  });

  it('a feedback round changes the lines its comments were written on, and nothing its first line says', async () => {
    const req = readRequest(FEEDBACK);
    assert.deepEqual(
      req.items.map(i => [i.n, i.path, i.start, i.end, i.quote.length]),
      [
        [1, 'src/countdown.ts', 3, 3, 1],
        [2, 'src/telemetry.ts', 1, 2, 2],
      ],
    );
    const w = await work(FEEDBACK);
    assert.deepEqual(said(w.ops), ['write src/countdown.ts', 'write src/telemetry.ts']);
    const before = ROCKET['src/countdown.ts'].split('\n');
    const after = textOf(w.ops, 'src/countdown.ts').split('\n');
    assert.equal(after.length, before.length);
    assert.deepEqual(
      before.map((l, i) => (l === after[i] ? '' : i + 1)).filter(Boolean),
      [3],
      'only the commented line changed',
    );
    assert.equal(after[2], '  for (let n = from; n > 0; n--) out.push(n); // Review 1: Use a while loop.');
    const tele = textOf(w.ops, 'src/telemetry.ts').split('\n');
    assert.match(tele[0], /\/\/ Review 2: Say which endpoint failed/);
    assert.match(tele[1], /\/\/ Review 2$/);
    assert.equal(tele[2], '}');
    const last = await generatedWork(
      treeOf({ ...ROCKET, ...Object.fromEntries(w.ops.map(o => [o.path, textOf(w.ops, o.path)])) }),
      FEEDBACK,
      taskName(FEEDBACK),
      2,
      'final',
    );
    assert.deepEqual(said(last.ops), ['write src/countdown.ts', 'write src/telemetry.ts']);
    assert.match(textOf(last.ops, 'src/countdown.ts'), /Review 1, addressed: Use a while loop\./);
  });

  it('a comment finds its lines by its quote when the line numbers moved, and may ask to remove its file', async () => {
    const moved = FEEDBACK.replace('src/countdown.ts, line 3:', 'src/countdown.ts, line 1:');
    const after = textOf((await work(moved)).ops, 'src/countdown.ts').split('\n');
    assert.match(after[2], /Review 1: Use a while loop/);
    assert.equal(after[0], ROCKET['src/countdown.ts'].split('\n')[0]);
    const remove = [
      'Round 3',
      '',
      '1. src/ignite.ts, line 3:',
      '```',
      'export function ignite(seconds: number): string {',
      '```',
      'Remove this file.',
      '',
    ].join('\n');
    assert.deepEqual(said((await work(remove)).ops), ['delete src/ignite.ts']);
  });

  it('a feedback round that asks for a test adds one for the commented file; a named file that is missing is made', async () => {
    const asks = FEEDBACK.replace('Use a while loop.', 'Use a while loop, and add a test.');
    const w = await work(asks);
    assert.deepEqual(said(w.ops), ['write src/countdown.ts', 'write src/telemetry.ts', 'write test/countdown.test.ts']);
    assert.match(textOf(w.ops, 'test/countdown.test.ts'), /assert\.equal\(typeof countdown, 'function'\)/);
    assert.deepEqual(said((await work('Explain the launch sequence in docs/launch.md')).ops), ['write docs/launch.md']);
  });

  it('is the same for the same prompt and files', async () => {
    for (const prompt of ['Make countdown reject negative numbers', 'Speed up the build', FEEDBACK]) {
      const a = await work(prompt);
      const b = await work(prompt);
      assert.deepEqual(
        a.ops.map(o => (o.op === 'write' ? [o.path, o.data.toString('utf8')] : [o.op, o.path])),
        b.ops.map(o => (o.op === 'write' ? [o.path, o.data.toString('utf8')] : [o.op, o.path])),
      );
      assert.equal(a.message, b.message);
    }
  });
});
