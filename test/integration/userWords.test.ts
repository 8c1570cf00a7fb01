// What the user reads is in the user's words, not the code's: welcome texts, the state filter, times, failures,
// notifications; the task views' Set Token sets the token they need without asking which; a task row keeps its
// state readable and says it to a screen reader.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { COMMANDS, EXTENSION_ID, VIEWS } from '../../src/ids';
import { byId, DEMO_TOKENS, demoWorld, freshStart, messagesFrom, SANDBOX, sandboxPost, waitFor } from './tasksSupport';

const G = vscode.ConfigurationTarget.Global;
const local = (iso: string) =>
  new Intl.DateTimeFormat(vscode.env.language, { dateStyle: 'medium', timeStyle: 'short' }).format(Date.parse(iso));

type Welcome = { view: string; contents: string };
const welcomes = (): Welcome[] =>
  (vscode.extensions.getExtension(EXTENSION_ID)!.packageJSON as { contributes: { viewsWelcome: Welcome[] } })
    .contributes.viewsWelcome;

describe("the user's words", function () {
  this.timeout(60_000);
  before(async function () {
    this.timeout(90_000);
    await freshStart();
  });
  afterEach(async () => {
    (await freshStart()).answer(undefined);
  });

  it("welcome texts name no endpoint codes, and the task views' Set Token sets the fine-grained token", async () => {
    for (const w of welcomes()) assert.doesNotMatch(w.contents, /\b[AB]\d\b|in_progress|waiting_for_user/, w.contents);
    const links = welcomes()
      .filter(w => w.view === VIEWS.repoTasks || w.view === VIEWS.myTasks)
      .flatMap(w => [...w.contents.matchAll(/\[([^\]]+)\]\(command:agentTasks\.setToken(\?[^)]*)?\)/g)]);
    assert.ok(links.length >= 6, 'each "needs a token" and "refused" text has its button');
    for (const [, title, query] of links) {
      assert.equal(title, 'Set Fine-grained Token');
      assert.deepEqual(JSON.parse(decodeURIComponent((query ?? '?[]').slice(1))), ['fine_grained']);
    }
    // Following one, as the button does, asks how to give the token but never which kind.
    const api = await freshStart();
    await vscode.commands.executeCommand(COMMANDS.signOut, 'fine_grained');
    const asked = api.asked().length;
    api.answer({ pick: items => items.find(i => /demo/i.test(i.label)) });
    assert.equal(await vscode.commands.executeCommand(COMMANDS.setToken, 'fine_grained'), true);
    const questions = api.asked().slice(asked);
    assert.ok(!questions.some(q => q.kind === 'pick' && /Which token/.test(q.placeHolder)), JSON.stringify(questions));
  });

  it('the state filter lists each state by its name on screen, never the service token', async () => {
    const api = await freshStart();
    let offered: readonly vscode.QuickPickItem[] = [];
    api.answer({
      pickMany: items => {
        offered = items;
        return items.filter(i => i.label === 'Waiting for you');
      },
    });
    await vscode.commands.executeCommand(COMMANDS.filterStates);
    assert.deepEqual(
      offered.map(i => i.label),
      ['Queued', 'Running', 'Completed', 'Failed', 'Idle', 'Waiting for you', 'Timed out', 'Cancelled'],
    );
    for (const i of offered) assert.doesNotMatch(`${i.label} ${i.description ?? ''}`, /_|\bin progress\b/i);
    await waitFor(() => /Waiting for you/.test(api.viewDescription('repoTasks') ?? ''), 'the filter in the title');
    await vscode.commands.executeCommand(COMMANDS.clearFilters);
  });

  it('tooltips give times in local time, as the task page does', async () => {
    const api = await freshStart();
    const items = await api.treeItems('repoTasks', 1);
    const done = byId(items, 'demo-rocket-01')!;
    const raw = demoWorld().tasks!.find(t => t.id === 'demo-rocket-01')!;
    const tooltip = (done.tooltip ?? '').replace(/\\([\s\S])/g, '$1');
    assert.doesNotMatch(tooltip, /\d{4}-\d\d-\d\dT\d\d:\d\d/, tooltip);
    const res = await fetch(`${SANDBOX}/agents/tasks/demo-rocket-01`, {
      headers: { authorization: `Bearer ${DEMO_TOKENS.fineGrained}` },
    });
    const { updated_at: updated } = (await res.json()) as { updated_at: string };
    assert.ok(tooltip.includes(`Updated ${local(updated)}`), `${tooltip} (task ${raw.id})`);
    const session = (done.children ?? []).find(c => c.kind === 'session');
    assert.ok(session?.tooltip);
    assert.doesNotMatch(session.tooltip.replace(/\\([\s\S])/g, '$1'), /\d{4}-\d\d-\d\dT\d\d:\d\d/);
  });

  it('an Installations line that could not be read says so in words, without the request', async () => {
    const api = await freshStart();
    await vscode.workspace.getConfiguration('agentTasks').update('serviceUrl', 'http://127.0.0.1:9', G);
    try {
      await vscode.commands.executeCommand(COMMANDS.setToken, 'fine_grained', DEMO_TOKENS.fineGrained);
      const line = await waitFor(
        async () => (await api.treeItems('installations')).find(i => /failed/.test(i.label)),
        'the line saying the list could not be read',
        20_000,
      );
      assert.match(
        line!.label,
        /^Listing your installations failed: the service could not be reached \(no answer: connect ECONNREFUSED/,
      );
      assert.doesNotMatch(`${line!.label} ${line!.tooltip ?? ''}`, /GET|\/user\/installations|per_page/);
    } finally {
      await vscode.workspace.getConfiguration('agentTasks').update('serviceUrl', SANDBOX, G);
    }
  });

  it('a finished task is told with two buttons at most, each whole: its changes to review and its page', async () => {
    const api = await freshStart();
    const told = messagesFrom(api);
    await sandboxPost('/_sandbox/advance'); // mona's running task in acme/rocket finishes
    await api.refresh();
    const said = await waitFor(
      () => api.said().find(s => s.text === 'Task “Fix the flaky countdown test” finished.'),
      'the notification',
    );
    // Four buttons were cut by the notification's width ("Open Pull Re…", "Show De…"): now two, named whole.
    assert.deepEqual(said!.actions, ['Review Changes', 'Show Details']);
    assert.ok(told().length > 0);
  });

  it('a task row: the whole name (the tree cuts it to the width), then the state, and a reader hears both', async () => {
    const api = await freshStart();
    const items = await api.treeItems('repoTasks');
    const long = byId(items, 'demo-rocket-06') ?? items.find(i => i.description?.startsWith('Waiting for you'));
    assert.ok(long, JSON.stringify(items.map(i => i.description)));
    const name = long.accessibilityLabel!.split(', ')[0];
    assert.match(long.description ?? '', /^Waiting for you · /);
    assert.equal(long.label, name, 'the name is not shortened to make room for the state');
    assert.match(long.accessibilityLabel ?? '', /, Waiting for you, updated /);
    for (const i of items.filter(x => x.kind === 'task')) {
      const state = (i.description ?? '').split(' · ')[0];
      assert.ok(i.accessibilityLabel?.includes(`, ${state}, updated `), `${i.accessibilityLabel} says ${state}`);
    }
    // A task's session says its state to a reader too.
    const withSessions = await api.treeItems('repoTasks', 1);
    const session = byId(withSessions, 'demo-rocket-01')?.children?.find(c => c.kind === 'session');
    assert.match(session?.accessibilityLabel ?? '', /, Completed · /);
  });
});
