import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { COMMANDS } from '../../src/ids';
import {
  byId,
  DEMO_TOKENS,
  freshStart,
  messagesFrom,
  SANDBOX,
  sandboxPost,
  sandboxStats,
  startAsGiven,
  waitFor,
} from './tasksSupport';

async function editorWithSelection(): Promise<vscode.TextEditor> {
  const doc = await vscode.workspace.openTextDocument({
    language: 'typescript',
    content: 'export function countdown(n: number) {\n  return n - 1;\n}\n',
  });
  const editor = await vscode.window.showTextDocument(doc);
  editor.selection = new vscode.Selection(0, 0, 2, 1);
  return editor;
}

describe('starting a task', () => {
  // The first start of a window (git scan, views) can be slow; later ones are not.
  before(async function () {
    this.timeout(90_000);
    await freshStart();
  });

  afterEach(async () => {
    await vscode.commands.executeCommand(COMMANDS.discardDraft);
    await vscode.commands.executeCommand(COMMANDS.setToken, 'fine_grained', DEMO_TOKENS.fineGrained);
  });

  it('from a selection: the task appears in the tree at once, with the file and lines in the prompt', async () => {
    const api = await freshStart();
    await editorWithSelection();
    const result = await startAsGiven<{
      ok: boolean;
      task: { id: string; state: string };
    }>(COMMANDS.startTaskFromSelection, {});
    assert.equal(result.ok, true, JSON.stringify(result));
    assert.equal(result.task.state, 'queued');
    const shown = byId(await api.treeItems('repoTasks'), result.task.id);
    assert.ok(shown, 'the new task is in the tree without waiting for a poll');
    assert.equal(api.draft(), undefined, 'nothing kept after a success');
    // What the service received, read back on its own.
    await sandboxPost('/_sandbox/advance');
    const r = await fetch(`${SANDBOX}/agents/repos/acme/rocket/tasks/${result.task.id}`, {
      headers: { authorization: `Bearer ${DEMO_TOKENS.fineGrained}` },
    });
    const task = (await r.json()) as { sessions: Array<{ prompt: string }> };
    const prompt = task.sessions.map(s => s.prompt).join('\n');
    assert.match(prompt, /export function countdown/);
    assert.match(prompt, /Reference: `[^`]+`, lines 1–3\./);
  });

  it('a start is told in the status bar, not in a notification; its finish is a notification', async () => {
    const api = await freshStart();
    const from = api.said().length;
    const result = await startAsGiven<{ ok: boolean; task: { id: string } }>(COMMANDS.startTask, {
      prompt: 'Say hello in the README',
    });
    assert.equal(result.ok, true, JSON.stringify(result));
    const saidNow = () => api.said().slice(from);
    // The row appears at once; the start itself is a passing word in the status bar, nothing that stays.
    assert.deepEqual(
      saidNow().map(s => `${s.level}: ${s.text}`),
      ['status: Task “Say hello in the README” started on acme/rocket.'],
    );
    await sandboxPost('/_sandbox/advance'); // queued → in progress
    await sandboxPost('/_sandbox/advance'); // → completed
    await api.refresh();
    const finished = (await waitFor(
      () => saidNow().find(s => s.text === 'Task “Say hello in the README” finished.'),
      'the notification that the task finished',
    ))!;
    assert.equal(finished.level, 'info', 'finishing keeps its notification');
  });

  it('a 403 (plan without the agent) keeps the prompt, says why, and sends once', async () => {
    const api = await freshStart();
    await vscode.commands.executeCommand(COMMANDS.setToken, 'fine_grained', DEMO_TOKENS.freePlan);
    const before = (await sandboxStats()).by_route['POST /agents/repos/{owner}/{repo}/tasks'] ?? 0;
    const result = await startAsGiven<{ ok: boolean; problem: string }>(COMMANDS.startTask, {
      prompt: 'Keep me safe',
    });
    assert.equal(result.ok, false);
    assert.match(result.problem, /subscription|permission/);
    assert.equal(api.draft()?.prompt, 'Keep me safe');
    assert.match(api.draft()?.problem ?? '', /refused/);
    const after = (await sandboxStats()).by_route['POST /agents/repos/{owner}/{repo}/tasks'] ?? 0;
    assert.equal(after - before, 1, 'sent exactly once');
    const draftNode = (await api.treeItems('repoTasks')).find(i => i.kind === 'draft');
    assert.ok(draftNode, 'the kept prompt is shown in the view with Retry');
    // With the right token, Retry shows the options first (Enter starts), then sends the kept prompt.
    await vscode.commands.executeCommand(COMMANDS.setToken, 'fine_grained', DEMO_TOKENS.fineGrained);
    const asked = api.asked().length;
    api.answer({ pick: items => items.find(i => /Start task/.test(i.label)) });
    try {
      const retried = await vscode.commands.executeCommand<{ ok: boolean }>(COMMANDS.retryFailedStart);
      assert.equal(retried.ok, true);
    } finally {
      api.answer(undefined);
    }
    const shown = api.asked().slice(asked);
    assert.equal(shown.length, 1, JSON.stringify(shown));
    assert.match(shown[0].kind === 'pick' ? shown[0].placeHolder : '', /Press Enter to start/);
    assert.equal(api.draft(), undefined);
  });

  it('a 422 lists what was invalid and keeps the prompt', async () => {
    const api = await freshStart();
    const result = await startAsGiven<{ ok: boolean; problem: string; status: number }>(COMMANDS.startTask, {
      prompt: 'Use a model that does not exist',
      options: { model: 'no-such-model' },
    });
    assert.equal(result.ok, false);
    assert.equal(result.status, 422);
    assert.match(result.problem, /rejected/);
    assert.equal(api.draft()?.prompt, 'Use a model that does not exist');
  });

  it('without a token says which token is needed and sends nothing', async () => {
    const api = await freshStart();
    await vscode.commands.executeCommand(COMMANDS.signOut, 'fine_grained');
    const told = messagesFrom(api);
    const posts = async () => (await sandboxStats()).by_route['POST /agents/repos/{owner}/{repo}/tasks'] ?? 0;
    const before = await posts();
    const result = await vscode.commands.executeCommand<undefined>(COMMANDS.retryFailedStart);
    assert.equal(result, undefined);
    const r2 = await startAsGiven<unknown>(COMMANDS.startTask, {
      prompt: 'x',
      repo: { owner: 'acme', repo: 'rocket' },
    });
    assert.equal(r2, undefined, 'the start does not go ahead without a token');
    assert.equal(await posts(), before, 'no start request was sent');
    assert.ok(
      told().includes('Starting a task needs a fine-grained token with the Agent tasks read and write permission.'),
      JSON.stringify(told()),
    );
  });

  it('from a prompt file: its text without the front matter is the prompt', async () => {
    const api = await freshStart();
    const root = vscode.workspace.workspaceFolders![0].uri;
    const file = vscode.Uri.joinPath(root, '.github', 'prompts', 'tidy.prompt.md');
    await vscode.workspace.fs.writeFile(
      file,
      new TextEncoder().encode('---\ndescription: Tidy up\n---\nRemove dead code from src/launch.ts\n'),
    );
    try {
      const result = await startAsGiven<{ ok: boolean; task: { id: string } }>(COMMANDS.startTaskFromPromptFile, {
        uri: file,
      });
      assert.equal(result.ok, true, JSON.stringify(result));
      await sandboxPost('/_sandbox/advance');
      const r = await fetch(`${SANDBOX}/agents/repos/acme/rocket/tasks/${result.task.id}`, {
        headers: { authorization: `Bearer ${DEMO_TOKENS.fineGrained}` },
      });
      const task = (await r.json()) as { sessions: Array<{ prompt: string }> };
      assert.equal(task.sessions[0]?.prompt, 'Remove dead code from src/launch.ts');
      assert.ok(byId(await api.treeItems('repoTasks'), result.task.id));
    } finally {
      await vscode.workspace.fs.delete(file);
    }
  });
});
