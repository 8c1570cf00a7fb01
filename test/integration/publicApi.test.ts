// The API for other extensions, read by another extension loaded beside ours (test/fixtures/api-follower), which
// knows Agent Tasks only through `exports`: the tasks as plain data, a change of state when the sandbox moves a task,
// and a start that asks the user, where a refusal sends nothing.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { COMMANDS } from '../../src/ids';
import { moveTask } from './reviewSupport';
import { AS_GIVEN, DEMO_TOKENS, freshStart, sandboxStats, waitFor } from './tasksSupport';

const FOLLOWER = 'agent-tasks-test.api-follower';
const STARTS = 'POST /agents/repos/{owner}/{repo}/tasks';

interface Report {
  version: number;
  tasks: Array<Record<string, unknown>>;
  tasksJson: string;
  copies: boolean;
  changes: Array<{ id: string; before: string; after: string; state: string; json: string }>;
}

const report = () => vscode.commands.executeCommand<Report>('apiFollower.report');
const starts = async () => (await sandboxStats()).by_route[STARTS] ?? 0;

describe('the API for other extensions, from another extension', () => {
  before(async function () {
    this.timeout(90_000);
    await freshStart();
    assert.ok(vscode.extensions.getExtension(FOLLOWER), `${FOLLOWER} is loaded beside Agent Tasks`);
  });

  afterEach(async () => {
    await vscode.commands.executeCommand(COMMANDS.discardDraft);
  });

  it('lists the tasks known, as copies in plain data without a token', async () => {
    const api = await freshStart();
    const r = await report();
    assert.equal(r.version, 1);
    const rocket4 = r.tasks.find(t => t.id === 'demo-rocket-04');
    assert.ok(rocket4, `demo-rocket-04 listed: ${r.tasks.map(t => t.id).join(', ')}`);
    assert.equal(rocket4.state, 'queued');
    assert.equal(rocket4.name, 'Bump the protobuf dependency and regenerate stubs');
    assert.equal(rocket4.repository, 'acme/rocket');
    assert.equal(rocket4.archived, false);
    assert.match(String(rocket4.updatedAt), /^\d{4}-\d\d-\d\dT/);
    assert.match(String(rocket4.webUrl), /\/acme\/rocket\/tasks\/demo-rocket-04$/);
    assert.deepEqual(
      Object.keys(rocket4).sort(),
      ['archived', 'createdAt', 'id', 'name', 'repository', 'state', 'updatedAt', 'webUrl'],
      'plain fields only',
    );
    // The same tasks the extension's own view shows.
    const shown = (await api.treeItems('repoTasks')).filter(i => i.kind === 'task').map(i => i.id!.split('/').pop());
    for (const id of shown)
      assert.ok(
        r.tasks.some(t => t.id === id),
        `${id} listed`,
      );
    assert.ok(r.copies, 'each call gives new frozen copies: another extension changes nothing of ours');
    assert.equal(api.model.picture('demo-rocket-04')?.task.state, 'queued');
    for (const token of Object.values(DEMO_TOKENS)) assert.ok(!r.tasksJson.includes(token), 'no token');
  });

  it('hears a change of state when the sandbox moves a task, with the state before and after', async () => {
    const api = await freshStart();
    await report(); // activated and listening
    const seen = (await report()).changes.length;
    await moveTask('demo-rocket-04', 'in_progress');
    await api.refresh();
    const changes =
      (await waitFor(async () => {
        const c = (await report()).changes.slice(seen).filter(x => x.id === 'demo-rocket-04');
        return c.length ? c : undefined;
      }, 'the other extension to hear demo-rocket-04 move')) ?? [];
    assert.deepEqual(
      changes.map(c => [c.before, c.after, c.state]),
      [['queued', 'in_progress', 'in_progress']],
    );
    for (const token of Object.values(DEMO_TOKENS)) assert.ok(!changes[0].json.includes(token), 'no token');
    assert.equal((await report()).tasks.find(t => t.id === 'demo-rocket-04')?.state, 'in_progress');
  });

  it('startTask asks the user, as Start Task does; confirmed, the task starts and is given back', async () => {
    const api = await freshStart();
    const before = await starts();
    const asked = api.asked().length;
    api.answer(AS_GIVEN);
    let result: { started: boolean; task?: { id: string; state: string; repository?: string } };
    try {
      result = await vscode.commands.executeCommand('apiFollower.startTask', 'Write the release notes', {
        createPullRequest: false,
      });
    } finally {
      api.answer(undefined);
    }
    const questions = api.asked().slice(asked);
    assert.ok(questions.length >= 2, `the prompt and the options were asked: ${JSON.stringify(questions)}`);
    assert.equal(result.started, true, JSON.stringify(result));
    assert.equal(result.task?.repository, 'acme/rocket');
    assert.equal(await starts(), before + 1);
    await waitFor(() => api.model.picture(result.task!.id), 'the started task in the model');
  });

  it('a refusal starts nothing: dismissed options or a dismissed prompt send no request', async () => {
    const api = await freshStart();
    assert.equal(await starts(), 0);
    // The user's own kept prompt (a Start Task… whose options they dismissed) outlives another extension's proposal.
    api.answer({ input: box => box.value ?? '', pick: () => undefined });
    try {
      await vscode.commands.executeCommand(COMMANDS.startTask, { prompt: 'My own prompt, kept' });
    } finally {
      api.answer(undefined);
    }
    assert.equal(api.draft()?.prompt, 'My own prompt, kept');
    for (const answers of [
      { input: (box: { value?: string }) => box.value ?? '', pick: () => undefined },
      { input: () => undefined },
    ]) {
      const asked = api.asked().length;
      api.answer(answers);
      let result: { started: boolean; reason?: string };
      try {
        result = await vscode.commands.executeCommand('apiFollower.startTask', 'Delete the tests');
      } finally {
        api.answer(undefined);
      }
      assert.ok(api.asked().length > asked, 'the user was asked');
      assert.deepEqual(result, { started: false, reason: 'declined' });
      assert.equal(await starts(), 0, 'no start was sent');
      assert.equal(api.draft()?.prompt, 'My own prompt, kept', "the user's kept prompt stays");
    }
    await vscode.commands.executeCommand(COMMANDS.discardDraft);
    api.answer({ input: () => undefined });
    try {
      await vscode.commands.executeCommand('apiFollower.startTask', 'Delete the docs');
    } finally {
      api.answer(undefined);
    }
    assert.equal(api.draft(), undefined, "no draft is left of another extension's proposal");
    await assert.rejects(
      async () => await vscode.commands.executeCommand('apiFollower.startTask', '  '),
      /needs a prompt/,
    );
    assert.equal(await starts(), 0);
  });
});
