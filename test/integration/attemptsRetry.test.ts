// A set of attempts partly started (issue 43): the attempts that failed are said with the ones that started, Retry
// starts only those, through the same recovery of a lost answer as any start; nothing is started twice.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { COMMANDS } from '../../src/ids';
import type { SetStartResult } from '../../src/tasks/attemptStarter';
import { faultRig, startsAtSandbox, STARTS, tasksWithPrompt, type FaultRig } from './faultsSupport';
import { startAsGiven } from './tasksSupport';

describe('a set of attempts partly started', () => {
  let rig: FaultRig;
  before(async function () {
    this.timeout(90_000);
    rig = await faultRig();
  });
  after(async () => {
    await vscode.commands.executeCommand(COMMANDS.discardDraft);
    await rig.restore();
  });

  it('says which started and which did not; Retry starts the rest once, even with its answer lost', async function () {
    this.timeout(60_000);
    const prompt = `Abort on a sensor fault in ignite.ts (${Date.now()})`;
    const models = ['family-a-opus-4.6', 'family-b-5.3-codex', 'family-b-5.2-codex'];
    const before = await startsAtSandbox();
    const from = rig.api.said().length;
    // The second attempt's start meets a 503; the others go through.
    let posts = 0;
    rig.proxy.setScript(r =>
      r.method === 'POST' && STARTS.test(r.path) && ++posts === 2 ? { kind: 'status', status: 503 } : undefined,
    );
    let result: SetStartResult;
    try {
      result = await startAsGiven<SetStartResult>(COMMANDS.startTask, { prompt, options: { attempts: 3, models } });
    } finally {
      rig.proxy.setScript(undefined);
    }
    assert.equal(result.ok, false, JSON.stringify(result));
    assert.deepEqual(
      result.started.map(s => s.index),
      [0, 2],
    );
    assert.deepEqual(
      result.failed.map(s => [s.index, s.model]),
      [[1, models[1]]],
    );
    assert.equal((await startsAtSandbox()) - before, 2);
    const told = rig.api
      .said()
      .slice(from)
      .find(s => s.level === 'error');
    assert.ok(told, 'the partial failure is said');
    assert.match(
      told.text,
      /^Attempts 1, 3 of 3 of “Abort on a sensor fault in ignite\.ts .*” started on acme\/rocket; attempts 2 did not: The service had a problem \(503\)/,
    );
    assert.deepEqual(told.actions, ['Retry']);
    assert.equal(rig.api.draft()?.prompt, prompt, 'the prompt is kept until every attempt started');

    // Retry: its answer is lost, the task it made is found; the two started before are not sent again.
    rig.proxy.next({ kind: 'lostAnswer' }, { method: 'POST' });
    const again = (await vscode.commands.executeCommand<SetStartResult>(COMMANDS.retryFailedStart))!;
    assert.equal(again.ok, true, JSON.stringify(again));
    assert.equal(again.setId, result.setId, 'the same set');
    assert.deepEqual(
      again.started.map(s => [s.index, s.model]),
      models.map((m, i) => [i, m]),
    );
    assert.equal(new Set(again.started.map(s => s.taskId)).size, 3);
    assert.equal(again.started[0].taskId, result.started[0].taskId);
    assert.equal((await startsAtSandbox()) - before, 3, 'one more start, for the attempt that had failed');
    assert.equal(await tasksWithPrompt(prompt), 3, 'three tasks on the service, no duplicate');
    assert.equal(rig.api.draft(), undefined, 'nothing kept once all started');
  });
});
