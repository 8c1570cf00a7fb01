// The sandbox agent's work depends on the task's model (src/sandbox/git/models.ts, docs/sandbox.md "Attempts: the
// work depends on the model"): attempts of one prompt overlap, differ, agree byte for byte on some files, and a model
// may fail a prompt; all of it the same on every run.
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { KNOWN_MODELS } from '../../../src/api/types';
import type { FileOp } from '../../../src/sandbox/git/commits';
import { modelFails } from '../../../src/sandbox/git/models';
import { Tree } from '../../../src/sandbox/git/tree';
import { type WorkKind, generatedWork } from '../../../src/sandbox/git/work';
import { taskName } from '../../../src/sandbox/state';
import { endOf } from '../../../src/sandbox/taskLife';

const ROCKET: Record<string, string> = {
  'README.md': '# rocket\n\nA small launch-sequence library.\n',
  'src/countdown.ts':
    'export function countdown(from: number): number[] {\n  const out: number[] = [];\n' +
    '  for (let n = from; n > 0; n--) out.push(n);\n  return out;\n}\n',
  'src/ignite.ts':
    "import { countdown } from './countdown';\n\nexport function ignite(seconds: number): string {\n" +
    "  return countdown(seconds).join(', ') + ', lift-off';\n}\n",
  'test/countdown.test.ts':
    "import assert from 'node:assert/strict';\nimport { test } from 'node:test';\n" +
    "import { countdown } from '../src/countdown';\n\ntest('counts down', () => {\n  assert.deepEqual(countdown(2), [2, 1]);\n});\n",
};

const treeOf = (files: Record<string, string>): Tree =>
  new Tree(
    new Map(Object.entries(files).map(([p, t]) => [p, { mode: '100644', data: Buffer.from(t, 'utf8') }])),
    async () => new Map(),
  );

/** What a commit writes: path → text (a delete as null). */
async function work(prompt: string, model: string | undefined, kind: WorkKind = 'start'): Promise<Map<string, string>> {
  const w = await generatedWork(treeOf(ROCKET), prompt, taskName(prompt), 1, kind, model);
  return new Map(
    w.ops.map((o: FileOp) => [o.path, o.op === 'write' ? o.data.toString('utf8') : o.op === 'delete' ? '' : o.from]),
  );
}

const PROMPT = 'Make the countdown in src/countdown.ts announce each second';
const [SONNET_46, OPUS_46, CODEX_52, CODEX_53] = KNOWN_MODELS;

describe('sandbox: the work depends on the model', () => {
  it('the default model works as before: no model and the default one give the same commit', async () => {
    const none = await generatedWork(treeOf(ROCKET), PROMPT, taskName(PROMPT), 1, 'start');
    const plain = await generatedWork(treeOf(ROCKET), PROMPT, taskName(PROMPT), 1, 'start', SONNET_46);
    assert.deepEqual(plain, none);
    assert.deepEqual([...(await work(PROMPT, SONNET_46)).keys()], ['src/countdown.ts']);
  });

  it('attempts overlap on the file the prompt means, differ in how and what else, and agree byte for byte on some', async () => {
    const [a, b, c, d] = await Promise.all([SONNET_46, OPUS_46, CODEX_53, CODEX_52].map(m => work(PROMPT, m)));
    for (const w of [a, b, c, d]) assert.ok(w.has('src/countdown.ts'), [...w.keys()].join());
    // Same family, same function: the same bytes.
    assert.equal(b.get('src/countdown.ts'), a.get('src/countdown.ts'));
    // The other family writes it its own way.
    assert.notEqual(c.get('src/countdown.ts'), a.get('src/countdown.ts'));
    assert.match(c.get('src/countdown.ts')!, /export const countdownAnnounceEach = \(input: string\) => \{/);
    // opus-4.6 and 5.3-codex add a test the prompt did not ask for: the same test file, the same bytes.
    const test = [...b.keys()].find(p => p.startsWith('test/'));
    assert.equal(test, 'test/countdown-announce-each.test.ts');
    assert.ok(![...a.keys(), ...d.keys()].some(p => p.startsWith('test/')));
    assert.equal(c.get(test), b.get(test));
    // 5.2-codex writes notes no other of these does.
    const notes = [...d.keys()].filter(p => p.startsWith('docs/'));
    assert.equal(notes.length, 1, [...d.keys()].join());
    assert.ok(![a, b, c].some(w => w.has(notes[0])));
  });

  it('the last commit (the README section) is the same whatever the model', async () => {
    const finals = await Promise.all(KNOWN_MODELS.map(m => work(PROMPT, m, 'final')));
    for (const f of finals) assert.deepEqual([...f], [...finals[0]]);
  });

  it('is the same on every run', async () => {
    for (const m of KNOWN_MODELS) assert.deepEqual(await work(PROMPT, m), await work(PROMPT, m));
  });

  it('a model fails a prompt when sha256("model\\nprompt") starts below 32; never the default model or a feedback round', () => {
    const prompts = Array.from({ length: 200 }, (_, i) => `Tidy the launch log, part ${i}`);
    let failures = 0;
    for (const p of prompts) {
      assert.equal(modelFails(p, SONNET_46), false);
      assert.equal(modelFails(p, undefined), false);
      for (const m of KNOWN_MODELS.slice(1)) {
        const fails = createHash('sha256').update(`${m}\n${p}`).digest()[0] < 32;
        assert.equal(modelFails(p, m), fails, `${m} on ${p}`);
        if (fails) failures++;
      }
    }
    // About one in eight.
    assert.ok(failures > 75 && failures < 225, String(failures));
    const failing = prompts.find(p => modelFails(p, OPUS_46))!;
    assert.equal(endOf({ prompt: failing, model: OPUS_46 }), 'failed');
    assert.equal(endOf({ prompt: failing, model: SONNET_46 }), 'completed');
    // A marker or a world's `ends` decides first.
    assert.equal(endOf({ prompt: `${failing} [sandbox:completed]`, model: OPUS_46 }), 'completed');
    assert.equal(endOf({ prompt: failing, model: OPUS_46, ends: 'idle' }), 'idle');
    const feedback = `${failing}\n\n1. src/countdown.ts, line 3:\n\`\`\`\n  for\n\`\`\`\nUse a while loop.\n`;
    assert.equal(modelFails(feedback, OPUS_46), false);
  });
});
