// Names, not numbers, in the real VS Code against the sandbox: My Tasks names the repositories that the user's task
// list gives only as IDs; the task page says "you" for the user's own tasks; names show without Markdown marks.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { COMMANDS } from '../../src/ids';
import { byId, demoWorld, freshStart, waitFor, type WorldFile } from './tasksSupport';

/** The demo world plus mona/notes (5099): no installation lists it, and the workspace is acme/rocket. */
function withNotes(): WorldFile {
  const w = demoWorld();
  w.repositories.push({ id: 5099, owner: 'mona', name: 'notes', access: { 1001: 'admin' } });
  w.tasks = [
    ...(w.tasks ?? []),
    { id: 'notes-1', repository: 5099, creator: 1001, prompt: 'Fix `foo` parser in **notes**', state: 'completed' },
  ];
  return w;
}

describe('names, not numbers', function () {
  this.timeout(60_000);
  after(() => vscode.commands.executeCommand('workbench.action.closeAllEditors'));

  it("My Tasks shows owner/name for repositories the user's list names only by ID", async () => {
    const api = await freshStart(withNotes());
    const item = (await waitFor(async () => {
      const found = byId(await api.treeItems('myTasks'), 'notes-1');
      return found?.description?.startsWith('mona/notes · ') ? found : undefined;
    }, 'the task of mona/notes to show its repository by name'))!;
    assert.doesNotMatch(item.description ?? '', /repository 5099/);
    const dotfiles = byId(await api.treeItems('myTasks'), 'demo-dotfiles-01');
    assert.match(dotfiles?.description ?? '', /^mona\/dotfiles · /);
  });

  it('shows task names without their Markdown marks in the tree and on the page', async () => {
    const api = await freshStart(withNotes());
    const item = (await waitFor(async () => byId(await api.treeItems('myTasks'), 'notes-1'), 'the task'))!;
    assert.equal(item.label, 'Fix foo parser in notes');
    await vscode.commands.executeCommand(COMMANDS.showTaskDetails, { id: 'notes-1', state: 'completed' });
    const html = (await waitFor(() => api.taskPages.html('notes-1'), 'the page'))!;
    assert.match(html, /<h1 dir="auto">Fix foo parser in notes<\/h1>/);
  });

  it('the task page says "you" as creator of the user\'s own task, and the ID of another\'s', async () => {
    const api = await freshStart();
    await vscode.commands.executeCommand(COMMANDS.showTaskDetails, { id: 'demo-rocket-01', state: 'completed' });
    const mine = (await waitFor(() => {
      const h = api.taskPages.html('demo-rocket-01');
      return h && /<dt>By<\/dt>/.test(h) ? h : undefined;
    }, "the page of mona's task with its session"))!;
    assert.match(mine, /<dt>Creator<\/dt><dd dir="auto">you<\/dd>/);
    assert.match(mine, /<dt>By<\/dt><dd dir="auto">you<\/dd>/, 'its session too');
    assert.doesNotMatch(mine, /1001/);
    await vscode.commands.executeCommand(COMMANDS.showTaskDetails, { id: 'demo-rocket-02', state: 'completed' });
    const lees = (await waitFor(() => api.taskPages.html('demo-rocket-02'), "the page of lee's task"))!;
    assert.match(lees, /<dt>Creator<\/dt><dd dir="auto">user 1002<\/dd>/);
  });
});
