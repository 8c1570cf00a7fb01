// Check Out Head Branch against the sandbox's git repository: the workspace is a clone of the sandbox's acme/rocket,
// a task's session pushes a commit on its head_ref, and the command fetches and checks it out in the workspace.
import * as assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { promisify } from 'node:util';
import * as vscode from 'vscode';
import { COMMANDS } from '../../src/ids';
import { DEMO_TOKENS, freshStart, SANDBOX, sandboxPost, waitFor, startAsGiven } from './tasksSupport';

const run = promisify(execFile);

function workspace(): string {
  const folder = vscode.workspace.workspaceFolders?.[0];
  assert.ok(folder, 'a workspace folder is open');
  return folder.uri.fsPath;
}

async function git(...args: string[]): Promise<string> {
  return (
    await run('git', args, { cwd: workspace(), env: { ...process.env, GIT_TERMINAL_PROMPT: '0' } })
  ).stdout.trim();
}

async function headRefOf(id: string): Promise<{ head_ref: string; name: string }> {
  const r = await fetch(`${SANDBOX}/agents/tasks/${id}`, {
    headers: { authorization: `Bearer ${DEMO_TOKENS.fineGrained}` },
  });
  const t = (await r.json()) as { name: string; sessions: Array<{ head_ref: string }> };
  assert.ok(t.sessions.length > 0, `task ${id} has a session`);
  return { head_ref: t.sessions[0].head_ref, name: t.name };
}

describe('check out head branch', () => {
  let start = '';
  before(async function () {
    this.timeout(90_000);
    await freshStart();
    start = await git('branch', '--show-current');
    assert.match(await git('remote', 'get-url', 'origin'), /\/acme\/rocket\.git$/);
  });

  // Later suites expect the workspace as it was: on its first branch, without the branches checked out here.
  afterEach(async () => {
    await git('checkout', '-q', start);
    for (const b of (await git('branch', '--format=%(refname:short)')).split('\n'))
      if (b && b !== start) await git('branch', '-q', '-D', b);
  });

  it("a task started now: its session's commit is fetched from the sandbox and its branch checked out in the workspace", async function () {
    this.timeout(60_000);
    const api = await freshStart();
    const result = await startAsGiven<{ ok: boolean; task: { id: string; state: string } }>(COMMANDS.startTask, {
      prompt: 'Write the launch checklist, with a test',
    });
    assert.equal(result.ok, true, JSON.stringify(result));
    await sandboxPost('/_sandbox/advance'); // the session starts: the agent pushes to its head_ref
    await api.refresh();
    const { head_ref } = await headRefOf(result.task.id);
    await vscode.commands.executeCommand(COMMANDS.checkoutHeadBranch, result.task);
    await waitFor(
      async () => (await git('branch', '--show-current')) === head_ref,
      `the workspace to be on ${head_ref}`,
      30_000,
    );
    assert.equal(await git('log', '-1', '--format=%ce'), `agent+${result.task.id}+1@sandbox.invalid`);
    assert.equal(
      await git('rev-parse', 'HEAD~1'),
      await git('rev-parse', `origin/${start}`),
      "the agent's first commit sits on the base branch",
    );
    assert.match(await git('show', '--name-status', '--format=', 'HEAD'), /^A\ttest\/launch-checklist\.test\.ts$/m);
    assert.equal(
      await git('rev-parse', '--abbrev-ref', '@{upstream}'),
      `origin/${head_ref}`,
      "the local branch tracks the sandbox's",
    );
  });

  it('a task of the demo world that is already running: its branch is there to check out too', async function () {
    this.timeout(60_000);
    await freshStart();
    const { head_ref } = await headRefOf('demo-rocket-03');
    await vscode.commands.executeCommand(COMMANDS.checkoutHeadBranch, { id: 'demo-rocket-03', state: 'in_progress' });
    await waitFor(
      async () => (await git('branch', '--show-current')) === head_ref,
      `the workspace to be on ${head_ref}`,
      30_000,
    );
    assert.equal(await git('log', '-1', '--format=%s'), 'Make the countdown test independent of the clock');
    assert.match(fs.readFileSync(path.join(workspace(), 'test', 'countdown.test.ts'), 'utf8'), /countdown\(-2\)/);
  });

  it("over local edits that the branch changes: git's reason with the file, a worktree or a stash offered, nothing moved until asked", async function () {
    this.timeout(60_000);
    const api = await freshStart();
    const { head_ref } = await headRefOf('demo-rocket-03');
    const file = path.join(workspace(), 'test', 'countdown.test.ts');
    const had = fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : undefined;
    const mine = `${had ?? ''}// my own edit, not committed\n`;
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, mine);
    const stashes = async () => (await git('stash', 'list')).split('\n').filter(Boolean);
    const stashedBefore = (await stashes()).length;
    try {
      // Asked first, answered with nothing: the message is read, no button pressed.
      const from = api.said().length;
      api.answer({ action: () => undefined });
      await vscode.commands.executeCommand(COMMANDS.checkoutHeadBranch, { id: 'demo-rocket-03', state: 'in_progress' });
      const told = (await waitFor(
        () =>
          api
            .said()
            .slice(from)
            .find(s => s.text.includes('was not checked out')),
        'the reason it was not checked out',
      ))!;
      assert.equal(told.level, 'warning');
      assert.match(told.text, /would be overwritten by checkout: test\/countdown\.test\.ts\./, told.text);
      assert.doesNotMatch(told.text, /Failed to execute git/);
      assert.deepEqual(told.actions, ['Check Out in New Worktree', 'Stash Changes and Check Out']);
      assert.equal(await git('branch', '--show-current'), start, 'still on the branch it was on');
      assert.equal(fs.readFileSync(file, 'utf8'), mine, 'the edit is where it was');
      assert.equal((await stashes()).length, stashedBefore, 'nothing stashed without asking');

      // Asked for: those files go to the stash, then the branch is checked out.
      const next = api.said().length;
      api.answer({ action: (_text, actions) => actions.find(a => a === 'Stash Changes and Check Out') });
      await vscode.commands.executeCommand(COMMANDS.checkoutHeadBranch, { id: 'demo-rocket-03', state: 'in_progress' });
      await waitFor(
        async () => (await git('branch', '--show-current')) === head_ref,
        `the workspace to be on ${head_ref}`,
        30_000,
      );
      const stashed = await stashes();
      assert.equal(stashed.length, stashedBefore + 1, 'one stash, made when asked');
      assert.match(stashed[0], new RegExp(`agent-tasks: before checking out ${head_ref}`));
      await waitFor(
        () =>
          api
            .said()
            .slice(next)
            .some(s => /are in the stash/.test(s.text)),
        'where the edit went',
      );
    } finally {
      api.answer(undefined);
      await git('checkout', '-q', '--force', start);
      if ((await stashes()).length > stashedBefore) await git('stash', 'pop', '-q');
      if (had === undefined) fs.rmSync(file, { force: true });
      else fs.writeFileSync(file, had);
    }
  });
});
