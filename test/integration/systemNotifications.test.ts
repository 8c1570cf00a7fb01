// Told where you are: while the window is in the background, a burst of news is one notification of the operating
// system, made by `new Notification(...)` in our webview (the page's frames record every one: the runner's
// scripts/vscode/notificationDriver.mjs, which also blurs and focuses the page, answers for the system and clicks).
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as vscode from 'vscode';
import { COMMANDS } from '../../src/ids';
import { demoWorld, freshStart, messagesFrom, sandboxPost, startAsGiven, waitFor } from './tasksSupport';
import type { AgentTasksTestApi } from '../../src/testing/testApi';

const FILE = process.env.AGENT_TASKS_DRIVER_FILE ?? '';

interface Record {
  kind: 'notification' | 'focus' | 'done';
  title?: string;
  body?: string;
  n?: number;
  frameUrl?: string;
  id?: number;
  answer?: unknown;
  error?: string;
}

const records = (): Record[] =>
  fs
    .readFileSync(FILE, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map(l => JSON.parse(l) as Record);
const notifications = () => records().filter(r => r.kind === 'notification');
/** The notifications made since `from`, once there is one. */
const madeSince = (from: number) => () => {
  const made = notifications().slice(from);
  return made.length ? made : undefined;
};

/** The demo world without its running tasks (what finishes in a test is what it started), but `keep`. */
function quietWorld(keep?: string) {
  const world = demoWorld();
  const still = (t: { state?: unknown }) => !['queued', 'in_progress'].includes(String(t.state));
  // The one kept starts queued, as the tasks a test starts: the same two steps take them all to their end.
  const tasks = world.tasks?.filter(t => still(t) || t.id === keep);
  return { ...world, tasks: tasks?.map(t => (t.id === keep ? { ...t, state: 'queued' } : t)) };
}

let asked = 0;
/** Asks the runner to act on the page, and waits for it to have done so. */
async function drive<T = unknown>(op: string, args: object = {}): Promise<T> {
  const id = ++asked + Date.now();
  console.log(`[[agent-tasks-driver]] ${JSON.stringify({ id, op, ...args })}`);
  const done = (await waitFor(() => records().find(r => r.kind === 'done' && r.id === id), `the page to ${op}`))!;
  assert.equal(done.error, undefined, done.error);
  return done.answer as T;
}

async function background(): Promise<void> {
  await drive('blur');
  await waitFor(() => !vscode.window.state.focused, 'the window to be in the background');
}

async function front(): Promise<void> {
  await drive('focus');
  await waitFor(() => vscode.window.state.focused, 'the window to be in front');
}

/** Starts tasks named by their prompts, and lets the sandbox take them all to their end in one poll. */
async function finish(api: AgentTasksTestApi, ...prompts: string[]): Promise<string[]> {
  const ids: string[] = [];
  for (const prompt of prompts) {
    const r = await startAsGiven<{ ok: boolean; task: { id: string } }>(COMMANDS.startTask, { prompt });
    assert.equal(r.ok, true, JSON.stringify(r));
    ids.push(r.task.id);
  }
  await api.refresh();
  await sandboxPost('/_sandbox/advance'); // queued → in progress
  await api.refresh();
  await sandboxPost('/_sandbox/advance'); // → their end
  await api.refresh();
  return ids;
}

describe('system notifications while the window is in the background', function () {
  this.timeout(120_000);
  let api: AgentTasksTestApi;

  before(async function () {
    assert.ok(FILE, 'AGENT_TASKS_DRIVER_FILE is not set (run through scripts/vscode/run-tests.mjs)');
    api = await freshStart(quietWorld());
  });

  afterEach(async () => {
    await drive('permission', { mode: 'granted' });
    await front();
  });

  it('four tasks of two lists finishing in one poll are one notification naming the count; its click opens the page', async () => {
    // Three started here, and one of the user's in another repository (My Tasks' list, read after this repository's).
    api = await freshStart(quietWorld('demo-dotfiles-02'));
    await background();
    const said = messagesFrom(api);
    const from = notifications().length;
    const ids = await finish(api, 'Polish the launch checklist', 'Rename the fuel gauge', 'Count the rivets');
    const [told] = (await waitFor(madeSince(from), 'the system notification'))!;
    assert.equal(told.title, '4 agent tasks');
    assert.match(told.body ?? '', /^4 finished · (acme\/rocket, mona\/dotfiles|mona\/dotfiles, acme\/rocket)\n/);
    // The first three by name, newest first; the count of the rest.
    const named = told.body?.split('\n')[1] ?? '';
    assert.match(named, /^[^·]+ · [^·]+ · [^·]+ and 1 more$/);
    const names = [
      'Polish the launch checklist',
      'Rename the fuel gauge',
      'Count the rivets',
      'Move the vim config to lua',
    ];
    assert.equal(names.filter(n => named.includes(n)).length, 3, named);
    assert.match(told.frameUrl ?? '', /fake\.html|webview/, 'made in a webview frame');
    // One for the burst, and nothing in the window meanwhile.
    await api.refresh();
    assert.equal(notifications().length - from, 1);
    assert.deepEqual(
      said().filter(t => /finished\.$/.test(t)),
      [],
    );
    // The click: the webview brings its window forward and the task's page opens.
    const focusBefore = records().filter(r => r.kind === 'focus').length;
    await drive('click', { n: told.n });
    // The page of the task named first (the newest).
    const first = ids.find(id => told.body?.split('\n')[1].startsWith(api.model.picture(id)?.name ?? '?'));
    assert.ok(first, told.body);
    await waitFor(() => api.taskPages.openTaskIds().includes(first), 'the first task’s page to open');
    const focused = records()
      .filter(r => r.kind === 'focus')
      .slice(focusBefore);
    assert.ok(
      focused.some(r => r.frameUrl === told.frameUrl),
      `window.focus() in the notification's frame: ${JSON.stringify(focused)}`,
    );
  });

  it('a set of attempts done in the background is one notification: the set by its name, its attempts counted', async () => {
    api = await freshStart(quietWorld());
    assert.ok(api.attemptSets, 'the test surface hands the extension’s sets of attempts');
    await background();
    const said = messagesFrom(api);
    const from = notifications().length;
    const prompt = 'Tighten the hatch seals';
    const ids: string[] = [];
    for (const n of [1, 2]) {
      const r = await startAsGiven<{ ok: boolean; task: { id: string } }>(COMMANDS.startTask, {
        prompt: `${prompt}\n\nAttempt ${n}.`,
      });
      assert.equal(r.ok, true, JSON.stringify(r));
      ids.push(r.task.id);
    }
    const start = { repo: 'acme/rocket', prompt, base_ref: 'main', head_ref: '', create_pull_request: false };
    const set = await api.attemptSets.create({ ...start, custom_agent: '' }, ['', '']);
    for (const [i, id] of ids.entries()) await api.attemptSets.noteStarted(set.id, i, id);
    await api.refresh();
    await sandboxPost('/_sandbox/advance');
    await api.refresh();
    await sandboxPost('/_sandbox/advance');
    await api.refresh();
    const [told] = (await waitFor(madeSince(from), 'the system notification'))!;
    assert.equal(told.title, prompt);
    // Whether an attempt fails is the sandbox's, from its model (the options remembered by earlier starts) and prompt.
    const finished = ids.filter(id => api.model.picture(id)?.task.state === 'completed').length;
    const counts = ['2 failed', '1 finished, 1 failed', '2 finished'][finished];
    assert.equal(told.body, `2 attempts done: ${counts} · acme/rocket`);
    await api.refresh();
    assert.equal(notifications().length - from, 1, 'one for the set');
    assert.deepEqual(
      said().filter(t => /finished|done/.test(t)),
      [],
      'nothing told in the window meanwhile',
    );
  });

  it('a name made of markup is the title as text, and the tab shows it as text', async () => {
    api = await freshStart(quietWorld());
    await background();
    const from = notifications().length;
    const hostile = '<img src=x onerror="document.title=1"><b>Bold</b> [open](command:workbench.action.quit)';
    const [id] = await finish(api, hostile);
    const [told] = (await waitFor(madeSince(from), 'the system notification'))!;
    const name = api.model.picture(id)?.name;
    assert.ok(name?.includes('<img src=x onerror='), `the service's name: ${name}`);
    assert.equal(told.title, name, 'the title is the name, as text');
    assert.match(told.body ?? '', /^finished · acme\/rocket$/);
    const shown = await drive<{ text: string; elements: string[] }>('dom', { n: told.n });
    assert.deepEqual(
      shown.elements.filter(tag => !['LI', 'SPAN', 'BUTTON'].includes(tag)),
      [],
      `the rows of the list: no element made from the name (${shown.elements.join(' ')})`,
    );
    assert.ok(shown.text.includes(name!), `the tab lists the name as text: ${shown.text}`);
  });

  it('a window in front keeps its own notification and makes none of the system', async () => {
    api = await freshStart(quietWorld());
    await front();
    const said = messagesFrom(api);
    const from = notifications().length;
    await finish(api, 'Stay in front');
    await waitFor(() => said().includes('Task “Stay in front” finished.'), 'the notification in the window');
    assert.equal(notifications().length - from, 0);
  });

  it('a state not chosen in the settings is told in the window even in the background', async () => {
    api = await freshStart(quietWorld());
    await background();
    const said = messagesFrom(api);
    const from = notifications().length;
    await finish(api, 'Break on purpose [sandbox:failed]');
    await waitFor(() => said().some(t => /” failed\.$/.test(t)), 'the failure told in the window');
    assert.equal(notifications().length - from, 0);
  });

  it('notifications refused by the system: told in the window instead, and how to allow them said once', async () => {
    api = await freshStart(quietWorld());
    await drive('permission', { mode: 'denied' });
    await background();
    const said = messagesFrom(api);
    const from = notifications().length;
    await finish(api, 'Ask nobody');
    await waitFor(() => said().includes('Task “Ask nobody” finished.'), 'the news told in the window');
    await finish(api, 'Ask nobody again');
    await waitFor(() => said().includes('Task “Ask nobody again” finished.'), 'the next news told in the window');
    assert.equal(notifications().length - from, 0, 'nothing made');
    const how = said().filter(t => /does not allow notifications/.test(t));
    assert.equal(how.length, 1, JSON.stringify(said()));
  });
});
