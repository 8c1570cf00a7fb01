// The base a start proposes after Check Out Head Branch: the base of the task whose branch is checked out, never the
// agent's branch; Retry shows the options (with that base) before it starts. Against the sandbox's git repository.
import * as assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import * as vscode from 'vscode';
import { COMMANDS } from '../../src/ids';
import type { AgentTasksTestApi } from '../../src/testing/testApi';
import { DEMO_TOKENS, freshStart, SANDBOX, sandboxPost, waitFor, startAsGiven } from './tasksSupport';

const run = promisify(execFile);

async function git(...args: string[]): Promise<string> {
  const cwd = vscode.workspace.workspaceFolders![0].uri.fsPath;
  return (await run('git', args, { cwd, env: { ...process.env, GIT_TERMINAL_PROMPT: '0' } })).stdout.trim();
}

type Session = { head_ref: string; base_ref: string; prompt: string };

async function sessionsOf(id: string): Promise<Session[]> {
  const r = await fetch(`${SANDBOX}/agents/tasks/${id}`, {
    headers: { authorization: `Bearer ${DEMO_TOKENS.fineGrained}` },
  });
  return ((await r.json()) as { sessions: Session[] }).sessions;
}

/** Checks out demo-rocket-03's branch as the user would, and waits until VS Code's git sees it. */
async function onAgentBranch(): Promise<Session> {
  const [agent] = await sessionsOf('demo-rocket-03');
  assert.ok(agent.head_ref && agent.base_ref && agent.head_ref !== agent.base_ref, JSON.stringify(agent));
  await vscode.commands.executeCommand(COMMANDS.checkoutHeadBranch, { id: 'demo-rocket-03', state: 'in_progress' });
  await waitFor(async () => (await git('branch', '--show-current')) === agent.head_ref, 'the agent branch', 30_000);
  const gitApi = vscode.extensions.getExtension<{ getAPI(v: 1): { repositories: GitRepo[] } }>('vscode.git')!;
  await waitFor(
    () => gitApi.exports.getAPI(1).repositories.some(r => r.state.HEAD?.upstream?.name === agent.head_ref),
    "VS Code's git to see the branch and its upstream",
    30_000,
  );
  return agent;
}

type GitRepo = { state: { HEAD?: { name?: string; upstream?: { name: string } } } };

describe('the base branch of a start', function () {
  this.timeout(90_000);
  let first = '';
  let api: AgentTasksTestApi;

  before(async () => {
    api = await freshStart();
    first = await git('branch', '--show-current');
  });

  afterEach(async () => {
    api.answer(undefined);
    await vscode.commands.executeCommand(COMMANDS.discardDraft);
    await vscode.commands.executeCommand(COMMANDS.setToken, 'fine_grained', DEMO_TOKENS.fineGrained);
    await git('checkout', '-q', first);
    for (const b of (await git('branch', '--format=%(refname:short)')).split('\n'))
      if (b && b !== first) await git('branch', '-q', '-D', b);
  });

  it("after Check Out Head Branch, a start is based on that task's base, not on the agent's branch", async () => {
    api = await freshStart();
    const agent = await onAgentBranch();
    const prompt = `Based where it lands (${Date.now()})`;
    const result = await startAsGiven<{ ok: boolean; task: { id: string } }>(COMMANDS.startTask, {
      prompt,
    });
    assert.equal(result.ok, true, JSON.stringify(result));
    await sandboxPost('/_sandbox/advance');
    const [session] = await sessionsOf(result.task.id);
    assert.notEqual(session.base_ref, agent.head_ref, "the agent's branch is not taken as the base");
    assert.equal(session.base_ref, agent.base_ref, 'the base is the one the checked-out task lands on');
  });

  it('Retry shows the options, with that base and why, before it starts; dismissing them sends nothing', async () => {
    api = await freshStart();
    const agent = await onAgentBranch();
    // A start refused (a plan without the agent) keeps the prompt as a draft.
    await vscode.commands.executeCommand(COMMANDS.setToken, 'fine_grained', DEMO_TOKENS.freePlan);
    const prompt = `Kept, then retried (${Date.now()})`;
    const failed = await startAsGiven<{ ok: boolean }>(COMMANDS.startTask, {
      prompt,
    });
    assert.equal(failed.ok, false);
    await vscode.commands.executeCommand(COMMANDS.setToken, 'fine_grained', DEMO_TOKENS.fineGrained);
    const starts = async () =>
      ((await (await fetch(`${SANDBOX}/_sandbox/stats`)).json()) as { by_route: Record<string, number> }).by_route[
        'POST /agents/repos/{owner}/{repo}/tasks'
      ] ?? 0;
    const before = await starts();
    // Dismissed: nothing is sent and the draft stays.
    api.answer({ pick: () => undefined });
    const asked = api.asked().length;
    assert.equal(await vscode.commands.executeCommand(COMMANDS.retryFailedStart), undefined);
    assert.equal(await starts(), before, 'nothing sent while the options were dismissed');
    assert.equal(api.draft()?.prompt, prompt);
    const shown = api.asked().slice(asked);
    assert.equal(shown.length, 1);
    const list = shown[0];
    assert.ok(list.kind === 'pick' && list.labels[0] === '$(rocket) Start task', JSON.stringify(list));
    const baseAt = list.labels.indexOf('$(git-branch) Base ref');
    assert.match(list.descriptions?.[baseAt] ?? '', new RegExp(`^${agent.base_ref} \\(the base of “.+”, whose branch`));
    // Enter: it starts, on that base.
    api.answer({ pick: items => items[0] });
    const retried = await vscode.commands.executeCommand<{ ok: boolean; task: { id: string } }>(
      COMMANDS.retryFailedStart,
    );
    assert.equal(retried.ok, true, JSON.stringify(retried));
    await sandboxPost('/_sandbox/advance');
    assert.equal((await sessionsOf(retried.task.id))[0].base_ref, agent.base_ref);
  });

  it("the Base ref picker lists the default and the user's branches first, the agents' last under their own heading", async () => {
    api = await freshStart();
    // A branch of the user's on the remote, beside the agents' `agent/…` branches of the demo world.
    const mine = `mine-${Date.now()}`;
    await git('push', '-q', 'origin', `HEAD:refs/heads/${mine}`);
    try {
      let base: readonly vscode.QuickPickItem[] = [];
      api.answer({
        input: box => box.value ?? '',
        pick: items => {
          if (items.some(i => i.label.includes('Another branch'))) {
            base = items;
            return undefined; // back to the options
          }
          if (!base.length) return items.find(i => i.label === '$(git-branch) Base ref');
          return undefined; // the options dismissed: nothing starts
        },
      });
      assert.equal(
        await vscode.commands.executeCommand(COMMANDS.startTask, { prompt: 'Where do the branches go?' }),
        undefined,
      );
      const labels = base.map(i => i.label);
      const another = labels.indexOf('$(edit) Another branch…');
      const heading = base.findIndex(i => i.kind === vscode.QuickPickItemKind.Separator);
      assert.equal(labels[0], 'main', JSON.stringify(labels));
      assert.ok(labels.indexOf(mine) > 0 && labels.indexOf(mine) < another, JSON.stringify(labels));
      assert.equal(heading, another + 1, JSON.stringify(labels));
      assert.equal(labels[heading], "Agents' branches");
      const agents = labels.slice(heading + 1);
      assert.ok(agents.length >= 2, JSON.stringify(labels));
      assert.ok(
        agents.every(l => l.startsWith('agent/')),
        JSON.stringify(labels),
      );
      assert.ok(!labels.slice(0, another).some(l => l.startsWith('agent/')), JSON.stringify(labels));
    } finally {
      api.answer(undefined);
      await git('push', '-q', 'origin', '--delete', mine).catch(() => '');
    }
  });

  it('Discard Draft says so and offers Undo, which puts the prompt back', async () => {
    api = await freshStart();
    await vscode.commands.executeCommand(COMMANDS.setToken, 'fine_grained', DEMO_TOKENS.freePlan);
    const prompt = `Discard me, then undo ${Date.now()}`;
    await startAsGiven(COMMANDS.startTask, { prompt });
    assert.equal(api.draft()?.prompt, prompt);
    const problem = api.draft()?.problem;
    let offered: readonly string[] = [];
    api.answer({
      action: (text, actions) => {
        if (!text.startsWith('Discarded the prompt')) return undefined;
        offered = actions;
        return 'Undo';
      },
    });
    await vscode.commands.executeCommand(COMMANDS.discardDraft);
    assert.ok(api.said().some(s => s.text === `Discarded the prompt “${prompt}”.`));
    assert.deepEqual(offered, ['Undo']);
    await waitFor(() => api.draft()?.prompt === prompt, 'the prompt back after Undo');
    assert.equal(api.draft()?.problem, problem, 'as it was');
    assert.ok(
      (await api.treeItems('repoTasks')).some(i => i.kind === 'draft'),
      'shown again in the view with Retry',
    );
  });
});
