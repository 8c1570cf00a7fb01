// A prompt is never lost and never started twice: a start that fails keeps it (and Retry sends it once), a start
// whose answer is lost or comes after the client gave up is found rather than sent again, and the kept prompt sits in
// workspace state, which is what a reloaded window reads.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { COMMANDS, STATE_KEYS } from '../../src/ids';
import { faultRig, startsAtSandbox, STARTS, tasksWithPrompt, type FaultRig } from './faultsSupport';
import { waitFor, startAsGiven } from './tasksSupport';

interface Result {
  ok: boolean;
  problem?: string;
  status?: number;
  recovered?: boolean;
  task?: { id: string };
}

describe('a prompt survives', function () {
  this.timeout(60_000);
  let rig: FaultRig;

  before(async function () {
    this.timeout(90_000);
    rig = await faultRig();
  });
  after(async () => {
    await vscode.commands.executeCommand(COMMANDS.discardDraft);
    await rig?.restore();
  });
  afterEach(async () => {
    rig.proxy.clearFaults();
    await vscode.commands.executeCommand(COMMANDS.discardDraft);
  });

  const start = async (prompt: string) => await startAsGiven<Result>(COMMANDS.startTask, { prompt });
  const posts = () => rig.proxy.count({ method: 'POST', path: STARTS });

  it('a start answered 500: the prompt is kept with the reason, shown with Retry, and Retry sends it once', async () => {
    const prompt = `Keep me through a 500 (${Date.now()})`;
    const before = { proxy: posts(), sandbox: await startsAtSandbox() };
    rig.proxy.next({ kind: 'status', status: 500 }, { method: 'POST' });
    const r = await start(prompt);
    assert.equal(r.ok, false);
    assert.match(r.problem ?? '', /problem \(500\)/);
    assert.equal(posts() - before.proxy, 1, 'sent once, not retried');
    assert.equal(rig.api.draft()?.prompt, prompt);
    const node = (await rig.api.treeItems('repoTasks')).find(i => i.kind === 'draft');
    assert.ok(node, 'the kept prompt is shown in the view');
    assert.match(node.label, /Not started/);
    const retried = await startAsGiven<Result>(COMMANDS.retryFailedStart, {});
    assert.equal(retried.ok, true, JSON.stringify(retried));
    assert.equal(posts() - before.proxy, 2);
    assert.equal((await startsAtSandbox()) - before.sandbox, 1, 'the service started it once');
    assert.equal(await tasksWithPrompt(prompt), 1);
    assert.equal(rig.api.draft(), undefined);
  });

  it('the same prompt asked twice while its start is under way (Retry clicked twice) is sent once', async () => {
    const prompt = `Asked twice while slow (${Date.now()})`;
    const before = { proxy: posts(), sandbox: await startsAtSandbox() };
    rig.proxy.next({ kind: 'slow', ms: 1_500 }, { method: 'POST' });
    const [a, b] = await Promise.all([start(prompt), start(prompt)]);
    assert.equal(a.ok, true, JSON.stringify(a));
    assert.equal(b.task?.id, a.task?.id, "the second ask got the first start's task");
    assert.equal(posts() - before.proxy, 1, 'one request');
    assert.equal((await startsAtSandbox()) - before.sandbox, 1, 'the service started it once');
  });

  it('a start whose connection is reset before it arrives: kept, nothing started, one request', async () => {
    const prompt = `Reset before arrival (${Date.now()})`;
    const before = { proxy: posts(), sandbox: await startsAtSandbox() };
    rig.proxy.next({ kind: 'reset' }, { method: 'POST' });
    const r = await start(prompt);
    assert.equal(r.ok, false, JSON.stringify(r));
    assert.match(r.problem ?? '', /cannot be reached/);
    assert.equal(posts() - before.proxy, 1);
    assert.equal((await startsAtSandbox()) - before.sandbox, 0);
    assert.equal(rig.api.draft()?.prompt, prompt);
  });

  it('a start whose answer is lost: the task is found, not started again', async () => {
    const prompt = `Answer lost (${Date.now()})`;
    const before = { proxy: posts(), sandbox: await startsAtSandbox() };
    rig.proxy.next({ kind: 'lostAnswer' }, { method: 'POST' });
    const r = await start(prompt);
    assert.equal(posts() - before.proxy, 1, 'one start request');
    assert.equal((await startsAtSandbox()) - before.sandbox, 1);
    assert.equal(await tasksWithPrompt(prompt), 1);
    assert.equal(r.ok, true, `the started task was not found: ${JSON.stringify(r)}`);
    assert.equal(r.recovered, true);
    assert.equal(rig.api.draft(), undefined, 'no draft left to start a second time');
    await waitFor(
      async () => (await rig.api.treeItems('repoTasks')).some(i => i.id?.endsWith(`/${r.task!.id}`)),
      'the found task in the tree',
    );
  });

  it('a 201 that comes after the client gave up waiting: found, not started again', async function () {
    this.timeout(90_000);
    const prompt = `Answered too late (${Date.now()})`;
    const before = { proxy: posts(), sandbox: await startsAtSandbox() };
    // The client waits as long as the setting says (30 s unless set; 5 s here); this answer comes after 8 s.
    const config = vscode.workspace.getConfiguration('agentTasks');
    await config.update('requestTimeoutSeconds', 5, vscode.ConfigurationTarget.Global);
    rig.proxy.next({ kind: 'slow', ms: 8_000 }, { method: 'POST' });
    let r: Result;
    try {
      r = await start(prompt);
    } finally {
      await config.update('requestTimeoutSeconds', undefined, vscode.ConfigurationTarget.Global);
    }
    assert.equal(posts() - before.proxy, 1, 'one start request');
    assert.equal((await startsAtSandbox()) - before.sandbox, 1);
    assert.equal(await tasksWithPrompt(prompt), 1);
    assert.equal(r.ok, true, `the started task was not found: ${JSON.stringify(r)}`);
    assert.equal(r.recovered, true, 'found among the tasks after the client gave up, not read from the late answer');
    assert.equal(rig.api.draft(), undefined);
  });

  it('a kept prompt is in workspace state (what a reloaded window reads) and never with a token', async () => {
    const prompt = `Survive a reload (${Date.now()})\nsecond line`;
    rig.proxy.next({ kind: 'status', status: 503 }, { method: 'POST' });
    const r = await start(prompt);
    assert.equal(r.ok, false);
    const stored = JSON.parse(rig.api.storedState()) as Array<
      Record<string, { prompt?: string; repo?: unknown } | undefined>
    >;
    const draft = stored.map(m => m[STATE_KEYS.draft]).find(Boolean);
    assert.equal(draft?.prompt, prompt, 'the whole prompt, both lines');
    assert.deepEqual(draft?.repo, { owner: 'acme', repo: 'rocket' });
    assert.ok(!rig.api.storedState().includes('sbx_'), 'no token value in state');
  });
});
