// Names, not numbers, in the real VS Code against the sandbox: My Tasks names the repositories that the user's task
// list gives only as IDs; the task page says "you" for the user's own tasks; names show without Markdown marks.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as vscode from 'vscode';
import { COMMANDS, VIEWS } from '../../src/ids';
import { FaultProxy } from '../support/faultProxy';
import {
  byId,
  DEMO_TOKENS,
  demoWorld,
  extensionApi,
  freshStart,
  SANDBOX,
  waitFor,
  type WorldFile,
} from './tasksSupport';

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
      return / · mona\/notes(?: · |$)/.test(found?.description ?? '') ? found : undefined;
    }, 'the task of mona/notes to show its repository by name'))!;
    assert.doesNotMatch(item.description ?? '', /repository 5099/);
    const dotfiles = byId(await api.treeItems('myTasks'), 'demo-dotfiles-01');
    assert.match(dotfiles?.description ?? '', / · mona\/dotfiles(?: · |$)/);
  });

  it('shows task names without their Markdown marks in the tree and on the page', async () => {
    const api = await freshStart(withNotes());
    const item = (await waitFor(async () => byId(await api.treeItems('myTasks'), 'notes-1'), 'the task'))!;
    // Whole where it is read out; on the row, shortened so the state after it stays readable.
    assert.match(item.accessibilityLabel ?? '', /^Fix foo parser in notes, /);
    assert.ok('Fix foo parser in notes'.startsWith(item.label.replace(/…$/, '')), item.label);
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

  it('shows an ID only when nothing names the repository, and its tooltip says why', async () => {
    await freshStart();
    // A new service address (a proxy): no names learnt yet; the one read that would name mona/dotfiles fails.
    const proxy = await FaultProxy.start(SANDBOX);
    proxy.setScript(req =>
      req.method === 'GET' && /^\/agents\/tasks\/demo-dotfiles-/.test(req.path)
        ? { kind: 'status', status: 404, message: 'Not Found' }
        : undefined,
    );
    const config = vscode.workspace.getConfiguration('agentTasks');
    const G = vscode.ConfigurationTarget.Global;
    try {
      await config.update('serviceUrl', proxy.url, G);
      const api = await extensionApi();
      await vscode.commands.executeCommand(COMMANDS.setToken, 'fine_grained', DEMO_TOKENS.fineGrained);
      await vscode.commands.executeCommand(`${VIEWS.myTasks}.focus`);
      const item = (await waitFor(
        async () => byId(await api.treeItems('myTasks'), 'demo-dotfiles-01'),
        'the task of mona/dotfiles',
        20_000,
      ))!;
      assert.match(item.description ?? '', / · repository 5003(?: · |$)/);
      const tooltip = (item.tooltip ?? '').replace(/\\([\s\S])/g, '$1');
      assert.match(tooltip, /The service gave only this repository's ID \(5003\)\. Its name is shown once/);
      const rocket = byId(await api.treeItems('myTasks'), 'demo-rocket-01');
      assert.match(
        rocket?.description ?? '',
        / · acme\/rocket(?: · |$)/,
        'a repository a task list names shows its name',
      );
    } finally {
      proxy.clearFaults();
      await vscode.commands.executeCommand(COMMANDS.signOut, 'fine_grained');
      await config.update('serviceUrl', SANDBOX, G);
      await proxy.close();
    }
  });

  it("a task's address names no repository but its own: forged names are not shown, and are logged once", async function () {
    this.timeout(180_000);
    await freshStart();
    // A new address (a proxy), so no name is known yet. The workspace's listing (acme/rocket, 5000) holds a task
    // whose address says evil/phish; the one read of mona/dotfiles' task (5003) says it is acme/rocket.
    const proxy = await FaultProxy.start(SANDBOX);
    const forge = (task: { url?: string }, name: string): void => {
      if (task.url) task.url = task.url.replace(/\/agents\/repos\/[^/]+\/[^/]+\//, `/agents/repos/${name}/`);
    };
    proxy.setScript(req => {
      if (req.method !== 'GET') return undefined;
      if (/^\/agents\/repos\/acme\/rocket\/tasks\?/.test(req.path))
        return {
          kind: 'rewrite',
          edit: body => {
            // An answer without tasks (a refusal) passes as it is.
            const tasks = (body as { tasks?: unknown }).tasks;
            if (Array.isArray(tasks))
              for (const t of tasks as { id: string; url?: string }[])
                if (t.id === 'demo-rocket-02') forge(t, 'evil/phish');
            return body;
          },
        };
      if (/^\/agents\/tasks\/demo-dotfiles-/.test(req.path))
        return { kind: 'rewrite', edit: body => (forge(body as { url?: string }, 'acme/rocket'), body) };
      return undefined;
    });
    const config = vscode.workspace.getConfiguration('agentTasks');
    const G = vscode.ConfigurationTarget.Global;
    try {
      await config.update('serviceUrl', proxy.url, G);
      const api = await extensionApi();
      await vscode.commands.executeCommand(COMMANDS.setToken, 'fine_grained', DEMO_TOKENS.fineGrained);
      await vscode.commands.executeCommand(`${VIEWS.myTasks}.focus`);
      await vscode.commands.executeCommand(`${VIEWS.repoTasks}.focus`);
      // The check of the forged name has been made: a listing of acme/rocket was read for it (it holds 5000's tasks).
      await waitFor(
        () => proxy.requests.some(r => /^\/agents\/repos\/acme\/rocket\/tasks\?per_page=3/.test(r.path) && r.status),
        'the check of the name the task of 5003 claims',
        60_000,
      );
      await api.refresh();
      // mona's task of acme/rocket (lee's 02, the forged one, is not in her list) keeps its repository's name.
      const mine = await api.treeItems('myTasks');
      assert.match(byId(mine, 'demo-rocket-01')?.description ?? '', /· acme\/rocket$/);
      assert.match(byId(mine, 'demo-dotfiles-01')?.description ?? '', /· repository 5003$/, 'no borrowed name');
      const shown = [...mine, ...(await api.treeItems('repoTasks'))];
      assert.ok(
        !shown.some(i => /evil\/phish/.test(`${i.description ?? ''} ${i.tooltip ?? ''}`)),
        'evil/phish nowhere',
      );
      // Each forged address was logged, once, though polled again.
      const log = () => (fs.existsSync(api.logFile) ? fs.readFileSync(api.logFile, 'utf8') : '');
      await waitFor(
        () => /names acme\/rocket, but a listing of acme\/rocket holds tasks of/.test(log()),
        'the log',
        30_000,
      );
      await api.refresh();
      assert.equal(log().match(/its address names evil\/phish, but it is listed under acme\/rocket/g)?.length, 1);
    } finally {
      proxy.clearFaults();
      await vscode.commands.executeCommand(COMMANDS.signOut, 'fine_grained');
      await config.update('serviceUrl', SANDBOX, G);
      await proxy.close();
    }
  });

  it('My Tasks shows no name the cache would refuse, even from a task of its own repository', async function () {
    this.timeout(120_000);
    await freshStart();
    const proxy = await FaultProxy.start(SANDBOX);
    // The read of mona/dotfiles' task says its owner is a link: not a name, so not shown.
    proxy.setScript(req =>
      req.method === 'GET' && /^\/agents\/tasks\/demo-dotfiles-/.test(req.path)
        ? {
            kind: 'rewrite',
            edit: body => {
              const t = body as { url?: string };
              if (t.url)
                t.url = t.url.replace(
                  /\/agents\/repos\/mona\//,
                  `/agents/repos/${encodeURIComponent('[x](command:y)')}/`,
                );
              return body;
            },
          }
        : undefined,
    );
    const config = vscode.workspace.getConfiguration('agentTasks');
    const G = vscode.ConfigurationTarget.Global;
    try {
      await config.update('serviceUrl', proxy.url, G);
      const api = await extensionApi();
      await vscode.commands.executeCommand(COMMANDS.setToken, 'fine_grained', DEMO_TOKENS.fineGrained);
      await vscode.commands.executeCommand(`${VIEWS.myTasks}.focus`);
      await waitFor(
        () => proxy.requests.some(r => /^\/agents\/tasks\/demo-dotfiles-/.test(r.path) && r.status === 200),
        'the read of the task',
        20_000,
      );
      await api.refresh();
      const item = byId(await api.treeItems('myTasks'), 'demo-dotfiles-01');
      assert.match(item?.description ?? '', /· repository 5003$/);
      assert.doesNotMatch(`${item?.description ?? ''} ${item?.tooltip ?? ''}`, /command:|\[x\]/);
    } finally {
      proxy.clearFaults();
      await vscode.commands.executeCommand(COMMANDS.signOut, 'fine_grained');
      await config.update('serviceUrl', SANDBOX, G);
      await proxy.close();
    }
  });
});
