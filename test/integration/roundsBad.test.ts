// Rounds on one branch that do not add up, in the real VS Code against the sandbox: a continuation the service
// reports on another branch, a round the service no longer has, a round end recorded before the branch was rewritten
// (force-pushed), and a round still running. Each is said in words; nothing of the wrong round is written.
import * as assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as vscode from 'vscode';
import { COMMANDS } from '../../src/ids';
import type { Asked } from '../../src/testing/recordingUi';
import { git, workspace } from './changesSupport';
import { demoWorld, freshStart, waitFor, type WorldFile } from './tasksSupport';

// Each describe has tasks of its own: the links recorded in workspace state outlive a describe's world.
let nonce = randomBytes(4).toString('hex');
let HEAD = '';
let FIRST = '';
let SECOND = '';
let ELSEWHERE = '';
let GHOST = '';
function renew(): void {
  nonce = randomBytes(4).toString('hex');
  HEAD = `agent/bad-rounds-${nonce}`;
  FIRST = `bad-one-${nonce}`;
  SECOND = `bad-two-${nonce}`;
  ELSEWHERE = `bad-else-${nonce}`;
  GHOST = `bad-ghost-${nonce}`;
}
const ONE = `src/bad-one.ts`;
const TWO = `src/bad-two.ts`;
const ROUND = "Up to this task's round";
const BRANCH = 'The branch as it is';

type Api = Awaited<ReturnType<typeof freshStart>>;
type WorldTask = NonNullable<WorldFile['tasks']>[number];

const ago = (min: number) => new Date(Date.now() - min * 60_000).toISOString().replace(/\.\d+Z$/, 'Z');
const base = () => ({ repository: 5000, creator: 1001, base_ref: 'main', head_ref: HEAD, state: 'completed' });
const first = (): WorldTask => ({
  ...base(),
  id: FIRST,
  prompt: `Count from one ${nonce}`,
  created_at: ago(20),
  updated_at: ago(19),
  commits: [{ message: 'One', files: { [ONE]: 'export const one = 1;\n' } }],
});
const second = (state: string): WorldTask => ({
  ...base(),
  id: SECOND,
  state,
  prompt: `Count two ${nonce}`,
  created_at: ago(10),
  updated_at: ago(9),
  commits: [{ message: 'Two', files: { [TWO]: 'export const two = 2;\n' } }],
});

function world(...tasks: WorldTask[]): WorldFile {
  const w = demoWorld();
  w.tasks = [...(w.tasks ?? []), ...tasks];
  return w;
}

const read = (p: string): string | undefined => {
  const abs = path.join(workspace(), p);
  return fs.existsSync(abs) ? fs.readFileSync(abs, 'utf8') : undefined;
};

async function start(w: () => WorldFile): Promise<{ api: Api; start: string }> {
  renew();
  const api = await freshStart(w());
  const start = (await git(workspace(), ['rev-parse', 'HEAD'])).trim();
  await waitFor(async () => (await api.changes(FIRST, true))?.kind === 'ready', 'the first round’s changes', 60_000);
  return { api, start };
}

async function clean(api: Api, start: string): Promise<void> {
  api.answer(undefined);
  await git(workspace(), ['reset', '-q', '--hard', start]);
  await git(workspace(), ['clean', '-q', '-fd']);
}

/** Apply Changes on the first round; what it asked meanwhile. */
async function applyFirst(api: Api, id = FIRST): Promise<Asked[]> {
  const before = api.asked().length;
  await vscode.commands.executeCommand(COMMANDS.applyChanges, { task: { id, state: 'completed' } });
  return api.asked().slice(before);
}

async function tooltipOf(api: Api, id: string): Promise<string> {
  await api.expandTask('repoTasks', id);
  const row = (await api.taskNode('repoTasks', id)!.getChildren()).find(n => n.kind === 'changes');
  const tip = row?.getTreeItem().tooltip;
  return typeof tip === 'string' ? tip : '';
}

describe('rounds that do not add up: another branch, a round gone from the service', () => {
  let api: Api;
  let at = '';
  before(async function () {
    this.timeout(120_000);
    ({ api, start: at } = await start(() =>
      world(first(), { ...second('completed'), id: ELSEWHERE, head_ref: `agent/elsewhere-${nonce}` }),
    ));
  });
  afterEach(() => clean(api, at));

  it('a continuation the service reports on another branch is said, and is no round of this one', async function () {
    this.timeout(60_000);
    await api.continuation(ELSEWHERE, { id: FIRST, name: 'One' });
    api.answer({});
    const asked = await applyFirst(api);
    assert.deepEqual(
      asked.filter(a => a.kind === 'pick'),
      [],
      'no later round to choose from',
    );
    assert.equal(read(ONE), 'export const one = 1;\n');
    assert.equal(read(TWO), undefined);
    await api.changes(FIRST, true);
    const name = api.model.picture(ELSEWHERE)?.task.name ?? '';
    assert.ok(
      (await tooltipOf(api, FIRST)).includes(
        `“${name}” was started here on this branch, but the service reports its branch as agent/elsewhere-${nonce}, not ${HEAD}`,
      ),
      await tooltipOf(api, FIRST),
    );
  });

  it('a round the service no longer has (404) is named as gone; its end recorded, the first round is offered', async function () {
    this.timeout(60_000);
    const v = await api.changes(FIRST, true);
    assert.ok(v?.kind === 'ready');
    await api.continuation(GHOST, { id: FIRST, name: 'One' }, v.headSha);
    api.answer({ pick: items => items.find(i => i.label === ROUND) });
    const asked = await applyFirst(api);
    const q = asked.find(a => a.kind === 'pick');
    assert.ok(q?.kind === 'pick', JSON.stringify(asked));
    assert.deepEqual(q.labels, [ROUND, BRANCH]);
    assert.ok(q.placeHolder.includes(`“${GHOST}” (no longer on the service, 0 files)`), q.placeHolder);
    assert.equal(read(ONE), 'export const one = 1;\n');
  });
});

describe('rounds that do not add up: a branch rewritten since a round’s end was recorded', () => {
  let api: Api;
  let at = '';
  before(async function () {
    this.timeout(120_000);
    ({ api, start: at } = await start(() => world(first(), second('completed'))));
  });
  afterEach(() => clean(api, at));

  it('says the branch was force-pushed and offers only the branch as it is; dismissed, writes nothing', async function () {
    this.timeout(60_000);
    await api.continuation(SECOND, { id: FIRST, name: 'One' }, 'dead'.repeat(10));
    api.answer({ pick: () => undefined });
    const asked = await applyFirst(api);
    const q = asked.find(a => a.kind === 'pick');
    assert.ok(q?.kind === 'pick', JSON.stringify(asked));
    assert.deepEqual(q.labels, [BRANCH], 'no "up to this task\'s round" from an end that is gone');
    assert.match(q.placeHolder, /cannot be told: the branch was rewritten \(force-pushed\)/);
    assert.equal(read(ONE), undefined);
    assert.equal(read(TWO), undefined);
  });
});

describe('rounds on one branch while one still runs', () => {
  let api: Api;
  let at = '';
  before(async function () {
    this.timeout(120_000);
    ({ api, start: at } = await start(() => world(first(), second('in_progress'))));
  });
  afterEach(() => clean(api, at));

  it('Apply on the first says the agent is still writing, and writes the first round when asked', async function () {
    this.timeout(60_000);
    api.answer({ pick: items => items.find(i => i.label === ROUND) });
    const asked = await applyFirst(api);
    const q = asked.find(a => a.kind === 'pick');
    assert.ok(q?.kind === 'pick', JSON.stringify(asked));
    const name = api.model.picture(SECOND)?.task.name ?? '';
    assert.ok(q.placeHolder.includes(`The agent is still writing: “${name}” is running`), q.placeHolder);
    assert.equal(read(ONE), 'export const one = 1;\n');
    assert.equal(read(TWO), undefined);
  });

  it('Apply on the running round asks first; refused, writes nothing', async function () {
    this.timeout(60_000);
    await waitFor(
      async () => (await api.changes(SECOND, true))?.kind === 'ready',
      'the second round’s changes',
      60_000,
    );
    api.answer({ confirm: false });
    const asked = await applyFirst(api, SECOND);
    assert.ok(
      asked.some(a => a.kind === 'confirm' && a.text.includes(`The agent is still writing on ${HEAD}`)),
      JSON.stringify(asked),
    );
    assert.equal(read(TWO), undefined);
    assert.equal(read(ONE), undefined);
  });
});
