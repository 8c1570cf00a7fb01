// Starting several attempts of one prompt (issue 43): the options list's Attempts with a model each, the set written
// down in the workspace with its tasks, each attempt a task on its own branch; two sets of one prompt stay apart;
// the chat's start tool takes attempts and models; the demo's finished set is learned from the sandbox.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { CHAT_TOOLS, COMMANDS, STATE_KEYS } from '../../src/ids';
import type { AttemptSet } from '../../src/model/attemptSets';
import type { SetStartResult } from '../../src/tasks/attemptStarter';
import type { AgentTasksTestApi } from '../../src/testing/testApi';
import { DEMO_ATTEMPTS } from '../../src/sandbox';
import { forMarkdown } from '../../src/safety/serviceText';
import { invokeText } from './chatSupport';
import { DEMO_TOKENS, freshStart, SANDBOX, sandboxPost, sandboxStats, startAsGiven, waitFor } from './tasksSupport';

const STARTS = 'POST /agents/repos/{owner}/{repo}/tasks';

/** The sets of attempts the workspace keeps, as stored. */
function storedSets(api: AgentTasksTestApi): AttemptSet[] {
  const stored = JSON.parse(api.storedState()) as Array<Record<string, unknown>>;
  return (stored.map(m => m[STATE_KEYS.attemptSets]).find(Array.isArray) ?? []) as AttemptSet[];
}

async function session(id: string): Promise<{ prompt: string; model: string; head_ref: string }> {
  const r = await fetch(`${SANDBOX}/agents/repos/acme/rocket/tasks/${id}`, {
    headers: { authorization: `Bearer ${DEMO_TOKENS.fineGrained}` },
  });
  return ((await r.json()) as { sessions: Array<{ prompt: string; model: string; head_ref: string }> }).sessions[0];
}

describe('starting several attempts of one prompt', () => {
  before(async function () {
    this.timeout(90_000);
    await freshStart();
  });
  afterEach(async () => {
    await vscode.commands.executeCommand(COMMANDS.discardDraft);
  });

  it('three attempts from the options list: one set, three tasks on three branches, a model each', async function () {
    this.timeout(60_000);
    const api = await freshStart();
    const prompt = `Make the countdown in countdown.ts announce each second (${Date.now()})`;
    const models = ['family-a-opus-4.6', 'family-b-5.3-codex', 'family-a-opus-4.6'];
    const picked = [...models];
    const lists: string[][] = [];
    let asked = false;
    api.answer({
      input: box => box.value ?? '',
      pick: items => {
        const labels = items.map(i => i.label);
        if (labels.some(l => l.includes('Start task'))) {
          lists.push(items.map(i => `${i.label} | ${i.description ?? ''} | ${i.detail ?? ''}`));
          if (asked) return items.find(i => i.label.includes('Start task'));
          asked = true;
          return items.find(i => i.label.includes('Attempts'));
        }
        if (labels.includes('4')) return items.find(i => i.label === '3');
        if (labels.includes('default')) {
          const model = picked.shift();
          return items.find(i => i.label === model);
        }
        return undefined;
      },
    });
    let result: SetStartResult;
    try {
      result = (await vscode.commands.executeCommand<SetStartResult>(COMMANDS.startTask, { prompt }))!;
    } finally {
      api.answer(undefined);
    }
    assert.equal(result.ok, true, JSON.stringify(result));
    assert.equal(picked.length, 0, 'a model asked for each attempt');
    // The list before: Attempts 1; after: 3, each on a new branch, the models said, no head ref to choose.
    assert.ok(
      lists[0].some(l => /Attempts \| 1 \(one task\)/.test(l)),
      lists[0].join('\n'),
    );
    assert.ok(
      lists[1].some(l => /Attempts \| 3, each on a new branch/.test(l)),
      JSON.stringify(lists, null, 1),
    );
    assert.ok(lists[1][0].includes(`3 attempts: ${models.join(', ')}`), lists[1][0]);
    assert.ok(!lists[1].some(l => l.includes('Head ref')), 'no head ref with several attempts');
    assert.equal((await sandboxStats()).by_route[STARTS], 3, 'three starts, one each');
    const ids = result.started.map(s => s.taskId);
    assert.equal(new Set(ids).size, 3);
    // Written down in the workspace, in order, with their tasks.
    const set = storedSets(api).find(s => s.id === result.setId)!;
    assert.deepEqual(
      set.attempts.map(a => [a.model, a.taskId]),
      models.map((m, i) => [m, ids[i]]),
    );
    assert.equal(set.start.prompt, prompt);
    assert.equal(set.start.head_ref, '');
    assert.equal(api.draft(), undefined, 'nothing kept once all started');
    await sandboxPost('/_sandbox/advance');
    const sessions = await Promise.all(ids.map(session));
    assert.deepEqual(
      sessions.map(s => s.model),
      models,
    );
    assert.ok(sessions.every(s => s.prompt === prompt));
    assert.equal(new Set(sessions.map(s => s.head_ref)).size, 3, 'three branches');
    // Each shows in the view at once.
    for (const id of ids)
      await waitFor(async () => (await api.treeItems('repoTasks')).some(i => i.id?.endsWith(`/${id}`)), id);
  });

  it('two sets of one prompt stay apart, even started at once', async function () {
    this.timeout(60_000);
    const api = await freshStart();
    const prompt = `Tidy ignite.ts (${Date.now()})`;
    const options = { attempts: 2, models: ['family-b-5.4', 'family-a-sonnet-4.6'] };
    const [a, b] = await Promise.all([
      startAsGiven<SetStartResult>(COMMANDS.startTask, { prompt, options }),
      startAsGiven<SetStartResult>(COMMANDS.startTask, { prompt, options }),
    ]);
    assert.equal(a.ok && b.ok, true, JSON.stringify([a, b]));
    assert.notEqual(a.setId, b.setId);
    const ids = [...a.started, ...b.started].map(s => s.taskId);
    assert.equal(new Set(ids).size, 4, 'four tasks, none joined with another');
    assert.equal((await sandboxStats()).by_route[STARTS], 4);
    const sets = storedSets(api).filter(s => s.start.prompt === prompt);
    assert.equal(sets.length, 2);
    assert.deepEqual(sets.flatMap(s => s.attempts.map(x => x.taskId)).sort(), [...ids].sort());
  });

  it('the chat start tool takes attempts and models, and its confirmation lists them', async function () {
    this.timeout(60_000);
    const api = await freshStart();
    const prompt = `Explain ignite.ts in docs (${Date.now()})`;
    const text = await invokeText(CHAT_TOOLS.startTask, {
      prompt,
      attempts: 2,
      models: ['family-b-5.2-codex', 'family-a-opus-4.5'],
    });
    const message = api.preparedToolCalls().at(-1)?.confirmation?.message ?? '';
    const row = (label: string, value: string) => `**${label}:** ${forMarkdown(value)}`;
    assert.ok(message.includes(row('Attempts', '2, each a task on a new branch, compared afterwards')), message);
    assert.ok(message.includes(row('Models', 'attempt 1: family-b-5.2-codex; attempt 2: family-a-opus-4.5')), message);
    assert.ok(!message.includes('**Model:**'), 'no single model');
    assert.match(text, /^Started 2 attempts of /);
    const ids = [...text.matchAll(/task id (\S+)/g)].map(m => m[1]);
    assert.equal(ids.length, 2, text);
    assert.equal((await sandboxStats()).by_route[STARTS], 2);
    const set = storedSets(api).find(s => s.start.prompt === prompt)!;
    assert.deepEqual(
      set.attempts.map(x => x.taskId),
      ids,
    );
    // A number of models that does not match is refused, with nothing sent.
    const refused = await invokeText(CHAT_TOOLS.startTask, { prompt, attempts: 3, models: ['family-b-5.4'] });
    assert.match(refused, /^Nothing was started: “models” names 1 models for 3 attempts/);
    assert.equal((await sandboxStats()).by_route[STARTS], 2);
  });

  it('on the sandbox, the demo world’s finished set of three is learned once, with its tasks', async function () {
    this.timeout(30_000);
    const api = await freshStart();
    const set = (await waitFor(
      () => storedSets(api).find(s => s.attempts.some(a => a.taskId === DEMO_ATTEMPTS.tasks[0])),
      'the demo set in the workspace',
    ))!;
    assert.equal(set.start.prompt, DEMO_ATTEMPTS.prompt);
    assert.equal(set.start.repo, 'acme/rocket');
    assert.deepEqual(
      set.attempts.map(a => [a.taskId, a.model]),
      DEMO_ATTEMPTS.tasks.map((id, i) => [id, DEMO_ATTEMPTS.models[i]]),
    );
    // Once: another sign-in does not write it again.
    await vscode.commands.executeCommand(COMMANDS.signOut, 'fine_grained');
    await vscode.commands.executeCommand(COMMANDS.setToken, 'fine_grained', DEMO_TOKENS.fineGrained);
    await api.refresh();
    assert.equal(storedSets(api).filter(s => s.start.prompt === DEMO_ATTEMPTS.prompt).length, 1);
  });
});
