import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { COMMANDS } from '../../src/ids';
import type { AgentTasksTestApi } from '../../src/testing/testApi';
import type { TaskPagesProbe } from '../../src/testing/taskPagesProbe';
import { demoWorld, freshStart, SANDBOX, sandboxPost, sandboxStats, waitFor } from './tasksSupport';

const VIEW_TYPE = 'agentTasks.taskPage';

function pageTabs(): vscode.Tab[] {
  return vscode.window.tabGroups.all
    .flatMap(g => g.tabs)
    .filter(t => t.input instanceof vscode.TabInputWebview && t.input.viewType.endsWith(VIEW_TYPE));
}

function pages(api: AgentTasksTestApi): TaskPagesProbe {
  return api.taskPages;
}

async function moveTask(id: string, body: { state: string }): Promise<void> {
  const r = await fetch(`${SANDBOX}/_sandbox/tasks/${id}`, {
    method: 'PATCH',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  assert.equal(r.status, 200, await r.text());
}

/** The page's HTML once it holds `what`. */
async function pageHolding(probe: TaskPagesProbe, id: string, what: RegExp, timeoutMs?: number): Promise<string> {
  const html = await waitFor(
    () => {
      const h = probe.html(id);
      return h && what.test(h) ? h : undefined;
    },
    `the page of ${id} to match ${what}`,
    timeoutMs,
  );
  return html!;
}

describe('task page', () => {
  before(async function () {
    this.timeout(90_000);
    await freshStart();
  });
  beforeEach(() => vscode.commands.executeCommand('workbench.action.closeAllEditors'));
  after(() => vscode.commands.executeCommand('workbench.action.closeAllEditors'));

  it('opens through Show Task Details, rendered, with the task, its session and its actions', async () => {
    const probe = pages(await freshStart());
    await vscode.commands.executeCommand(COMMANDS.showTaskDetails, { id: 'demo-rocket-01', state: 'completed' });
    const html = await pageHolding(probe, 'demo-rocket-01', /telemetry uploader<\/pre>/);
    // The tab reaches the extension host's list of tabs a moment after the page is drawn.
    const tabs = (await waitFor(() => (pageTabs().length ? pageTabs() : undefined), "the page's tab"))!;
    assert.equal(tabs.length, 1);
    // With its round after it when suites before this one continued the task in this window.
    assert.match(tabs[0].label, /^Add retries with backoff to the…(?: · round \d+ of \d+)?$/);
    const nonce = /<script nonce="([A-Za-z0-9+/=]+)" src="[^"]+\/media\/taskPage\.js"><\/script>/.exec(html)?.[1];
    assert.ok(nonce, 'the one script is media/taskPage.js, by nonce');
    const csp = /<meta http-equiv="Content-Security-Policy" content="([^"]+)">/.exec(html)?.[1].replace(/&#39;/g, "'");
    const cspSource = /style-src (.+?) 'nonce-/.exec(csp ?? '')?.[1] ?? '?';
    assert.doesNotMatch(cspSource, /unsafe|\*\s|^\*$/, "the webview's own origin, no wildcard source");
    assert.equal(
      csp,
      `default-src 'none'; style-src ${cspSource} 'nonce-${nonce}'; script-src 'nonce-${nonce}'; img-src ${cspSource}`,
    );
    assert.doesNotMatch(html, /<img|<a\s|<iframe|<style/, 'no image, link, frame or inline style');
    const loaded = [...html.matchAll(/\s(?:src|href)="([^"]+)"/g)].map(m => m[1]);
    assert.equal(loaded.length, 2, `one script and one style sheet: ${loaded.join(', ')}`);
    for (const url of loaded)
      assert.match(
        url,
        /^https:\/\/[^/]*vscode-resource[^/]*\/.*\/media\/taskPage\.(js|css)$/,
        'loaded from media/ only',
      );
    assert.match(html, /<h1 dir="auto">Add retries with backoff to the telemetry uploader<\/h1>/);
    assert.match(html, /state-completed">.*Completed/);
    assert.match(html, /<dd dir="auto">acme\/rocket<\/dd>/);
    assert.match(
      html,
      /<time datetime="[^"]+"[^>]*>[^<]+<\/time> <span class="muted">· (\d+ (min|h) ago|just now|yesterday)/,
    );
    assert.match(html, /Pull request #\d+/);
    assert.match(html, /<button type="button" data-action="openPullRequest">Open Pull Request<\/button>/);
    assert.match(html, /<button type="button" data-action="openOnWeb">Open on the Web<\/button>/);
    assert.match(html, /<button type="button" data-action="checkoutHeadBranch">Check Out Head Branch<\/button>/);
  });

  it('keeps one page per task: a second open reveals the open one', async () => {
    const probe = pages(await freshStart());
    await vscode.commands.executeCommand(COMMANDS.showTaskDetails, { id: 'demo-rocket-01', state: 'completed' });
    await pageHolding(probe, 'demo-rocket-01', /telemetry uploader<\/pre>/);
    await vscode.commands.executeCommand(COMMANDS.showTaskDetails, { id: 'demo-rocket-05', state: 'failed' });
    await waitFor(
      () =>
        pageTabs().length === 2 &&
        pageTabs()
          .find(t => t.isActive)
          ?.label.startsWith('Migrate'),
      'the second page in front',
    );
    await vscode.commands.executeCommand(COMMANDS.showTaskDetails, { id: 'demo-rocket-01', state: 'completed' });
    await waitFor(
      () =>
        pageTabs()
          .find(t => t.isActive)
          ?.label.startsWith('Add retries'),
      'the first page in front again',
    );
    assert.equal(pageTabs().length, 2, 'no second page for the same task');
    assert.deepEqual(probe.openTaskIds().sort(), ['demo-rocket-01', 'demo-rocket-05']);
    await vscode.commands.executeCommand('workbench.action.closeActiveEditor');
    await waitFor(() => !probe.openTaskIds().includes('demo-rocket-01'), 'the closed page to be let go');
    assert.equal(pageTabs().length, 1);
  });

  it('updates while the task runs: state, then its session, then its pull request', async function () {
    this.timeout(60_000);
    const probe = pages(await freshStart());
    const config = vscode.workspace.getConfiguration('agentTasks');
    await config.update('poll.activeIntervalSeconds', 2, vscode.ConfigurationTarget.Global);
    try {
      await vscode.commands.executeCommand(COMMANDS.showTaskDetails, { id: 'demo-rocket-04', state: 'queued' });
      await pageHolding(probe, 'demo-rocket-04', /No session yet\./);
      assert.match(probe.html('demo-rocket-04')!, /state-queued">.*Queued/);
      assert.match(probe.html('demo-rocket-04')!, /Refreshes every 2 s while the task is queued or running/);
      await moveTask('demo-rocket-04', { state: 'in_progress' });
      // Lists carry no sessions: the prompt shows only once the page has read the task itself.
      const running = await pageHolding(
        probe,
        'demo-rocket-04',
        /Bump the protobuf dependency and regenerate stubs<\/pre>/,
        15_000,
      );
      assert.match(running, /<p class="summary"><span class="state state-in-progress">.*Running/);
      assert.match(running, /<dt>Branch<\/dt><dd dir="auto"><code>[^<]+<\/code> → <code>[^<]+<\/code>/);
      await moveTask('demo-rocket-04', { state: 'completed' });
      const done = await pageHolding(
        probe,
        'demo-rocket-04',
        /<p class="summary"><span class="state state-completed">/,
        15_000,
      );
      assert.match(done, /Pull request #\d+/);
      assert.match(done, /this page refreshes when the task changes in the task views/);
    } finally {
      await config.update('poll.activeIntervalSeconds', undefined, vscode.ConfigurationTarget.Global);
    }
  });

  it('refreshes on its own a task that no view lists', async function () {
    this.timeout(60_000);
    // lee's task in acme/infra: not in the repository's list (acme/rocket) nor in mona's own; only the page reads it.
    const world = demoWorld();
    world.tasks = [
      ...(world.tasks ?? []),
      { id: 'infra-1', repository: 5002, creator: 1002, prompt: 'Rotate the deploy keys', state: 'queued' },
    ];
    const api = await freshStart(world);
    const probe = pages(api);
    const config = vscode.workspace.getConfiguration('agentTasks');
    await config.update('poll.activeIntervalSeconds', 2, vscode.ConfigurationTarget.Global);
    try {
      // The page's reads of the task, as the extension heard their answers (the views' own polls go on beside them,
      // and a view's first read of something is not the page's to count).
      const pageReads = (from: number) =>
        api
          .responses()
          .slice(from)
          .filter(r => r.method === 'GET' && /^\/agents\/tasks\/infra-1(\?|$)/.test(r.path));
      const start = api.responses().length;
      await vscode.commands.executeCommand(COMMANDS.showTaskDetails, { id: 'infra-1', state: 'queued' });
      await pageHolding(probe, 'infra-1', /<dd dir="auto">acme\/infra<\/dd>/);
      // The page's first read done (the name may be known before it, from an earlier read of the repository's tasks)…
      await waitFor(() => pageReads(start).length >= 1 || undefined, 'the page’s first read of the task', 15_000);
      // …while nothing changes, each of its reads is a conditional one answered 304. The page reads one at a time, so
      // of the reads heard after the mark at most the first was answered before the sandbox's count was reset.
      await sandboxPost('/_sandbox/stats/reset');
      const mark = api.responses().length;
      const quiet = (await waitFor(
        () => (pageReads(mark).length >= 3 ? pageReads(mark) : undefined),
        'three reads of the task by its page',
        20_000,
      ))!;
      assert.deepEqual(
        quiet.map(r => r.status),
        quiet.map(() => 304),
        'every read of the task by its page, while nothing changed, is a 304',
      );
      assert.ok(
        ((await sandboxStats()).by_route['GET /agents/tasks/{task_id}'] ?? 0) >= 2,
        'the sandbox answered them',
      );
      await moveTask('infra-1', { state: 'failed' });
      const html = await pageHolding(probe, 'infra-1', /<p class="summary"><span class="state state-failed">/, 15_000);
      assert.match(html, /Rotate the deploy keys<\/pre>/);
      assert.ok(
        !(await api.treeItems('repoTasks'))
          .concat(await api.treeItems('myTasks'))
          .some(i => i.id?.endsWith('/infra-1')),
        'no view lists it',
      );
    } finally {
      await config.update('poll.activeIntervalSeconds', undefined, vscode.ConfigurationTarget.Global);
    }
  });

  it('shows a hostile name and prompt as text', async () => {
    const world = demoWorld();
    const name = '"><img src=x onerror=alert(1)> <script>alert(2)</script>';
    const prompt =
      '[Run](command:workbench.action.terminal.new)\n```\n</pre><svg onload=alert(3)>\n```\nmain\u202Egnp.exe';
    world.tasks = [
      ...(world.tasks ?? []),
      { id: 'hostile-1', repository: 5000, creator: 1001, prompt, name, state: 'in_progress' },
    ];
    const probe = pages(await freshStart(world));
    await vscode.commands.executeCommand(COMMANDS.showTaskDetails, { id: 'hostile-1', state: 'in_progress' });
    const html = await pageHolding(probe, 'hostile-1', /<pre class="prompt"/);
    assert.ok(
      html.includes(
        '<h1 dir="auto">&quot;&gt;&lt;img src=x onerror=alert(1)&gt; &lt;script&gt;alert(2)&lt;/script&gt;</h1>',
      ),
      'the name',
    );
    assert.ok(
      html.includes(
        '[Run](command:workbench.action.terminal.new)\n```\n&lt;/pre&gt;&lt;svg onload=alert(3)&gt;\n```\nmain⟨U+202E⟩gnp.exe</pre>',
      ),
      'the prompt',
    );
    assert.ok(
      !html.includes('<img') && !html.includes('<svg') && !html.includes('\u202E'),
      'no markup and no direction override',
    );
    assert.equal((html.match(/<script/g) ?? []).length, 1, "the page's own script only");
    const [tab] = (await waitFor(() => (pageTabs().length ? pageTabs() : undefined), "the page's tab"))!;
    assert.equal(tab.label, '"><img src=x onerror=alert(1)>…', 'the tab title is plain text');
  });
});
