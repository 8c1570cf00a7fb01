// The extension in a real VS Code with a fault-injecting proxy between it and the sandbox. For each fault: the views
// keep what they showed, say what happened and how to get out, the poller backs off instead of hammering (requests
// counted at the proxy), and the extension recovers by itself once the service does.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as vscode from 'vscode';
import { EXTENSION_ID } from '../../src/ids';
import type { AgentTasksTestApi } from '../../src/testing/testApi';
import { SANDBOX, waitFor } from './tasksSupport';
import {
  faultRig,
  healthy,
  LIST,
  listPolls,
  problemLine,
  taskCount,
  waitsBetween,
  type FaultRig,
} from './faultsSupport';

describe('faults between the extension and the service', function () {
  this.timeout(60_000);
  let rig: FaultRig;
  let shown = 0;

  before(async function () {
    this.timeout(90_000);
    rig = await faultRig();
    shown = await taskCount(rig.api);
  });
  after(async () => {
    await rig?.restore();
  });
  afterEach(async () => {
    rig.proxy.clearFaults();
    // The next test starts from a healthy view; whether it got there by itself is each test's own check.
    await rig.api.refresh();
    await waitFor(() => healthy(rig.api), 'healthy again', 20_000);
  });

  /** Waits for a failed poll, then checks the view kept its tasks and explains itself. */
  async function failing(pattern: RegExp): Promise<string> {
    const line = await waitFor(() => problemLine(rig.api), 'the view to say it is not up to date', 20_000);
    assert.match(line!.label, pattern);
    assert.equal(await taskCount(rig.api), shown, 'the tasks shown before the fault are still shown');
    return line!.label;
  }

  it('503s: says the service has a problem, backs off with growing gaps, recovers by itself', async () => {
    const t0 = Date.now();
    rig.proxy.setDefault({ kind: 'status', status: 503 });
    await failing(/problem \(503\)/);
    const line = await problemLine(rig.api);
    assert.match(line!.tooltip ?? '', /retry/i, 'the line offers a retry');
    // The line shows as soon as one list failed; the poller learns of it when the whole poll is over.
    await waitFor(() => rig.api.pollMode() === 'backoff', 'the poller to back off');
    // A poll is over when the client's own retries are; the poller's waits between polls are what must grow.
    await waitFor(() => listPolls(rig.api, t0, 503).length >= 3, 'three failing polls', 30_000);
    const polls = listPolls(rig.api, t0, 503).slice(0, 3);
    // The third poll may still be retrying; the first two are over.
    assert.ok(
      polls.slice(0, 2).every(p => p.attempts > 1),
      'the client retried each 503 before the poll gave up',
    );
    // Doubled with ±20% jitter: the second wait is at least 1.33 times the first; 1.2 leaves room for a late timer.
    const waits = waitsBetween(polls);
    assert.ok(waits[1] >= waits[0] * 1.2, `the waits between polls do not grow: ${waits.join(', ')} ms`);
    rig.proxy.clearFaults();
    await waitFor(() => healthy(rig.api), 'recovery without Refresh', 30_000);
    assert.notEqual(rig.api.pollMode(), 'backoff');
  });

  it('connection resets: says the service cannot be reached, recovers by itself', async () => {
    rig.proxy.setDefault({ kind: 'reset' });
    await failing(/cannot be reached/);
    await waitFor(
      () => rig.api.context()['agentTasks.reachable'] === 'no',
      'the unreachable state (Retry, Open Settings, Show Log)',
    );
    rig.proxy.clearFaults();
    await waitFor(() => healthy(rig.api), 'recovery without Refresh', 30_000);
  });

  it('the service goes away and comes back: tasks kept meanwhile, fresh again after', async () => {
    await rig.proxy.goDown();
    await failing(/cannot be reached/);
    await rig.proxy.comeBack();
    await waitFor(() => healthy(rig.api), 'recovery without Refresh', 30_000);
  });

  it('429 with a short Retry-After: waited out before the next try, nothing shown to the user', async () => {
    const t0 = Date.now();
    rig.proxy.next({ kind: 'retryAfter', seconds: 3 }, { path: LIST });
    await waitFor(() => rig.proxy.count({ path: LIST, since: t0 }) >= 2, 'the list asked for again', 20_000);
    const [limited, next] = rig.proxy.requests.filter(r => r.at >= t0 && LIST.test(r.path));
    assert.equal(limited.status, 429);
    assert.ok(next.at - limited.at >= 2_900, `asked again ${next.at - limited.at} ms after a Retry-After of 3 s`);
    assert.ok(await healthy(rig.api));
  });

  it('429 with a long Retry-After: says the rate limit is reached, sends nothing until then, recovers', async () => {
    const t0 = Date.now();
    rig.proxy.next({ kind: 'retryAfter', seconds: 12 }, { path: LIST });
    const label = await failing(/rate limit/);
    assert.match(label, /until \d\d:\d\d UTC/, 'says until when');
    const limitedAt = rig.proxy.requests.find(r => r.at >= t0 && r.status === 429)!.at;
    await waitFor(() => rig.proxy.count({ path: LIST, since: limitedAt + 1 }) > 0, 'the next poll', 30_000);
    const next = rig.proxy.requests.find(r => r.at > limitedAt && LIST.test(r.path))!;
    assert.ok(next.at - limitedAt >= 11_500, `polled again ${next.at - limitedAt} ms after a Retry-After of 12 s`);
    await waitFor(() => healthy(rig.api), 'recovery without Refresh', 20_000);
  });

  it('an exhausted rate limit: nothing sent before the reset, then it recovers by itself', async () => {
    rig.proxy.next({ kind: 'exhausted', resetInSeconds: 8 });
    await failing(/rate limit/);
    const limited = rig.proxy.requests.find(r => r.fault === 'exhausted')!;
    const resetAt = Math.ceil(limited.at / 1000 + 8) * 1000;
    await waitFor(() => healthy(rig.api), 'recovery without Refresh', 30_000);
    const early = rig.proxy.requests.filter(r => r.at > limited.at && r.at < resetAt - 500);
    assert.deepEqual(
      early.map(r => `${r.method} ${r.path}`),
      [],
      'requests sent while the limit was exhausted',
    );
  });

  it('401 (token revoked): says the token was refused and how to set one, keeps trying gently, recovers', async () => {
    const t0 = Date.now();
    rig.proxy.setDefault({ kind: 'unauthorized' });
    await failing(/token is missing, expired or revoked\. Set a new one/);
    await waitFor(
      () => rig.api.context()['agentTasks.reachable'] === 'unauthorized',
      'the unauthorized state (Set Token welcome)',
    );
    // Gently: a 401 is not retried by the client (one request per poll, every request the service saw is a poll),
    // and the poller waits longer after each refusal.
    await waitFor(() => listPolls(rig.api, t0, 401).length >= 3, 'three polls under 401s', 30_000);
    const polls = listPolls(rig.api, t0, 401).slice(0, 3);
    assert.deepEqual(
      polls.map(p => p.attempts),
      [1, 1, 1],
      'a refused token is not retried within a poll',
    );
    const sent = rig.proxy.requests.filter(r => r.at >= t0 && LIST.test(r.path) && r.at <= polls[2].end);
    assert.equal(sent.length, 3, 'the service saw one request per poll');
    const waits = waitsBetween(polls);
    assert.ok(waits[1] >= waits[0] * 1.2, `the waits between polls do not grow: ${waits.join(', ')} ms`);
    rig.proxy.clearFaults();
    await waitFor(() => healthy(rig.api), 'recovery without Refresh', 30_000);
  });

  it('malformed JSON: says so, keeps the tasks, recovers on the next good answer', async () => {
    rig.proxy.setDefault({ kind: 'malformed' });
    await failing(/not up to date/i);
    rig.proxy.clearFaults();
    await waitFor(() => healthy(rig.api), 'recovery without Refresh', 30_000);
  });

  it('slow answers: changes still arrive, and no problem is shown', async () => {
    rig.proxy.setDefault({ kind: 'slow', ms: 1_500 });
    const before = (await rig.api.treeItems('repoTasks')).find(
      i => i.kind === 'task' && /queued|in progress/i.test(`${i.description} ${i.tooltip}`),
    );
    assert.ok(before, 'a running task to change');
    const id = before.id!.split('/').pop()!;
    await fetch(`${SANDBOX}/_sandbox/tasks/${id}`, {
      method: 'PATCH',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ state: 'failed' }),
    });
    await waitFor(
      async () => {
        const now = (await rig.api.treeItems('repoTasks')).find(i => i.id === before.id);
        return now && now.icon !== before.icon ? now : undefined;
      },
      'the change to reach the tree through slow answers',
      30_000,
    );
    assert.equal(await problemLine(rig.api), undefined);
  });
});

// A root hook: runs once after the whole suite, whatever was selected. It leaves what the extension keeps in
// globalState and workspaceState, and its settings, in the run folder, where scripts/scan-tokens.mjs looks for tokens
// (in VS Code for the web that state lives in the browser, which the run folder does not hold).
after(async () => {
  const resultFile = process.env.AGENT_TASKS_RESULT_FILE;
  if (!resultFile) return;
  const ext = vscode.extensions.getExtension<AgentTasksTestApi>(EXTENSION_ID);
  const api = ext?.isActive ? ext.exports : undefined;
  const dump = {
    state: api ? JSON.parse(api.storedState()) : null,
    settings: vscode.workspace.getConfiguration('agentTasks'),
    context: api?.context() ?? null,
  };
  fs.writeFileSync(path.join(path.dirname(resultFile), 'extension-state.json'), JSON.stringify(dump, null, 2));
});
