// Start Task with My Changes… in the real VS Code against the sandbox: the workspace is a clone of the sandbox's
// acme/rocket whose own configuration hands git the demo token. A staged, an unstaged and an opted-in untracked file
// go to a new branch on the sandbox and the task starts on it; the user's working tree, index and branch are
// byte-identical afterwards; a refused push starts nothing and leaves no branch.
import * as assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { promisify } from 'node:util';
import * as vscode from 'vscode';
import type { HandoffResult } from '../../src/changes/handoff/handoffCommand';
import { CHAT_TOOLS, COMMANDS } from '../../src/ids';
import { invokeText } from './chatSupport';
import type { AgentTasksTestApi } from '../../src/testing/testApi';
import { DEMO_TOKENS, demoWorld, freshStart, messagesFrom, SANDBOX, sandboxPost } from './tasksSupport';

const run = promisify(execFile);

function workspace(): string {
  const folder = vscode.workspace.workspaceFolders?.[0];
  assert.ok(folder, 'a workspace folder is open');
  return folder.uri.fsPath;
}

async function git(...args: string[]): Promise<string> {
  return (await run('git', args, { cwd: workspace(), env: { ...process.env, GIT_TERMINAL_PROMPT: '0' } })).stdout;
}

const file = (p: string) => path.join(workspace(), p);

/** All that is the user's: status, index entries and the index file, HEAD, branch, and every file's bytes. */
async function snapshot(): Promise<string> {
  const names = (await git('ls-files', '-z', '--cached', '--others')).split('\0').filter(Boolean);
  const hashes = names.map(
    n =>
      `${n} ${
        fs.existsSync(file(n))
          ? createHash('sha256')
              .update(fs.readFileSync(file(n)))
              .digest('hex')
          : '-'
      }`,
  );
  return [
    await git('status', '--porcelain=v2', '-z', '--branch', '--untracked-files=all'),
    await git('ls-files', '-s'),
    createHash('sha256')
      .update(fs.readFileSync(path.join(workspace(), '.git', 'index')))
      .digest('hex'),
    await git('rev-parse', 'HEAD'),
    await git('symbolic-ref', 'HEAD'),
    ...hashes,
  ].join('\n');
}

async function taskIds(): Promise<string[]> {
  const r = await fetch(`${SANDBOX}/agents/repos/acme/rocket/tasks?per_page=100`, {
    headers: { authorization: `Bearer ${DEMO_TOKENS.fineGrained}` },
  });
  return ((await r.json()) as { tasks: Array<{ id: string }> }).tasks.map(t => t.id).sort();
}

const remoteSha = async (branch: string) => (await git('ls-remote', 'origin', `refs/heads/${branch}`)).split('\t')[0];

describe('start task with my changes', () => {
  let api: AgentTasksTestApi | undefined;
  let exclude = '';
  const excludeFile = () => path.join(workspace(), '.git', 'info', 'exclude');
  const made = ['notes/handoff.txt', 'scratch.txt', 'debug.log'];

  before(async function () {
    this.timeout(90_000);
    api = await freshStart();
    assert.equal((await git('branch', '--show-current')).trim(), 'main');
    assert.equal((await git('status', '--porcelain')).trim(), '', 'the workspace starts clean');
    exclude = fs.existsSync(excludeFile()) ? fs.readFileSync(excludeFile(), 'utf8') : '';
  });

  // Later suites expect the workspace as it was: clean, on main, without the branches pushed here.
  afterEach(async () => {
    api?.answer(undefined);
    await git('reset', '-q', '--hard', 'HEAD');
    for (const m of made) fs.rmSync(file(m), { force: true });
    fs.rmSync(file('notes'), { recursive: true, force: true });
    fs.writeFileSync(excludeFile(), exclude);
    for (const ref of (await git('for-each-ref', '--format=%(refname)', 'refs/remotes/origin/agent-tasks')).split('\n'))
      if (ref) await git('update-ref', '-d', ref);
  });

  it('pushes a staged, an unstaged and an opted-in untracked file to a new branch and starts the task on it; nothing of the user moves', async function () {
    this.timeout(120_000);
    fs.appendFileSync(excludeFile(), '*.log\n');
    fs.appendFileSync(file('src/countdown.ts'), '// staged\n');
    await git('add', 'src/countdown.ts');
    fs.appendFileSync(file('src/ignite.ts'), '// not staged\n');
    fs.mkdirSync(file('notes'));
    fs.writeFileSync(file('notes/handoff.txt'), 'opted in\n');
    fs.writeFileSync(file('scratch.txt'), 'left behind\n');
    fs.writeFileSync(file('debug.log'), 'ignored\n');
    const before = await snapshot();
    const head = (await git('rev-parse', 'HEAD')).trim();
    const tasksBefore = await taskIds();
    let listed: string[] = [];
    api!.answer({
      pick: items => items[0], // the list's Continue: one task
      pickMany: items => {
        listed = items.map(i => i.label);
        return items.filter(i => i.picked || i.label === 'notes/handoff.txt');
      },
      input: box => box.value, // the branch name as suggested
      confirm: true,
    });
    const result = await vscode.commands.executeCommand<HandoffResult>(COMMANDS.startTaskWithChanges, {
      prompt: 'Finish the countdown work\n\nKeep the tests fast.',
    });
    assert.ok(result?.ok && 'task' in result, JSON.stringify(result));
    assert.equal(result.branch, 'agent-tasks/finish-the-countdown-work');
    assert.deepEqual(listed, [
      'Changes, staged or not',
      'src/countdown.ts',
      'src/ignite.ts',
      'Untracked: tick the ones that go',
      'notes/handoff.txt',
      'scratch.txt',
    ]);
    const asked = api!.asked().filter(a => a.kind === 'confirm');
    const confirm = asked[asked.length - 1].text;
    for (const part of [
      'Repository: acme/rocket',
      'New branch: agent-tasks/finish-the-countdown-work (pushed to origin)',
      'Base branch: main',
      'Files: 3 files (1 of them untracked)',
      'Prompt: Finish the countdown work Keep the tests fast.',
    ])
      assert.ok(confirm.includes(part), `the confirmation says “${part}”: ${confirm}`);

    assert.equal(await snapshot(), before, 'working tree, index and branch are byte-identical');
    const sha = await remoteSha(result.branch);
    assert.equal((await git('rev-parse', `${sha}^`)).trim(), head, 'on top of HEAD');
    assert.deepEqual((await git('diff', '--name-status', head, sha)).trim().split('\n').sort(), [
      'A\tnotes/handoff.txt',
      'M\tsrc/countdown.ts',
      'M\tsrc/ignite.ts',
    ]);
    for (const p of ['notes/handoff.txt', 'src/countdown.ts', 'src/ignite.ts'])
      assert.equal(await git('show', `${sha}:${p}`), fs.readFileSync(file(p), 'utf8'), p);

    assert.deepEqual(
      (await taskIds()).filter(id => !tasksBefore.includes(id)),
      [result.task.id],
    );
    await sandboxPost('/_sandbox/advance');
    const r = await fetch(`${SANDBOX}/agents/tasks/${result.task.id}`, {
      headers: { authorization: `Bearer ${DEMO_TOKENS.fineGrained}` },
    });
    const session = ((await r.json()) as { sessions: Array<{ head_ref: string; base_ref: string }> }).sessions[0];
    assert.equal(session.head_ref, result.branch);
    assert.equal(session.base_ref, 'main');
  });

  it('a start refused after the push keeps the prompt and says the branch is on the remote', async function () {
    this.timeout(120_000);
    // mona on the free plan: the service refuses her start, while her token may still push.
    const world = demoWorld();
    world.users.find(u => u.login === 'mona')!.copilot_plan = 'free';
    api = await freshStart(world);
    fs.appendFileSync(file('src/ignite.ts'), '// start refused\n');
    const said = messagesFrom(api);
    api.answer({ pick: items => items[0], confirm: true });
    const result = await vscode.commands.executeCommand<HandoffResult>(COMMANDS.startTaskWithChanges, {
      prompt: 'Started on a plan that may not',
      branch: 'agent-tasks/start-refused',
      untracked: [],
    });
    assert.equal(result?.ok, false, JSON.stringify(result));
    assert.equal(result.pushed, true);
    assert.notEqual(await remoteSha('agent-tasks/start-refused'), '', 'the branch stays on the remote');
    assert.equal(api.draft()?.prompt, 'Started on a plan that may not', 'the prompt is kept');
    assert.ok(
      said().some(t => t.includes('Your changes are on origin as branch agent-tasks/start-refused, and stay there')),
      said().join('\n'),
    );
    await vscode.commands.executeCommand(COMMANDS.discardDraft);
    api = await freshStart();
  });

  it('says so when the branch has commits the remote does not have yet, since the new branch carries them', async function () {
    this.timeout(120_000);
    const start = (await git('rev-parse', 'HEAD')).trim();
    try {
      fs.appendFileSync(file('src/ignite.ts'), '// committed here, never pushed\n');
      await git('-c', 'user.name=Dev', '-c', 'user.email=dev@example.invalid', 'commit', '-qam', 'Local only');
      const local = (await git('rev-parse', 'HEAD')).trim();
      fs.appendFileSync(file('src/countdown.ts'), '// uncommitted\n');
      api!.answer({ pick: items => items[0], confirm: false });
      const result = await vscode.commands.executeCommand<HandoffResult>(COMMANDS.startTaskWithChanges, {
        prompt: 'Carry the local commit',
        branch: 'agent-tasks/carries-a-commit',
        untracked: [],
      });
      assert.equal(result, undefined, 'declined: nothing happens');
      const asked = api!.asked().filter(a => a.kind === 'confirm');
      const confirm = asked[asked.length - 1].text;
      assert.ok(confirm.includes('Push 1 file and 1 commit to a new branch and start a task?'), confirm);
      assert.ok(confirm.includes('Also pushed: 1 commit of your branch that origin does not have yet'), confirm);
      assert.equal(await remoteSha('agent-tasks/carries-a-commit'), '', 'nothing was pushed');
      assert.equal((await git('rev-parse', 'HEAD')).trim(), local, 'the branch did not move');
    } finally {
      await git('reset', '-q', '--hard', start);
    }
  });

  it("the chat start tool's withMyChanges option hands off through the same command", async function () {
    this.timeout(120_000);
    fs.appendFileSync(file('src/countdown.ts'), '// from chat\n');
    const before = await snapshot();
    api!.answer({ pickMany: items => items.filter(i => i.picked), input: box => box.value, confirm: true });
    const text = await invokeText(CHAT_TOOLS.startTask, { prompt: 'Tidy up from chat', withMyChanges: true });
    assert.match(text, /^Started task .* on acme\/rocket/, text);
    assert.match(text, /The agent works on branch agent-tasks\/tidy-up-from-chat\./);
    const sha = await remoteSha('agent-tasks/tidy-up-from-chat');
    assert.equal((await git('diff', '--name-only', 'HEAD', sha)).trim(), 'src/countdown.ts');
    assert.equal(await snapshot(), before);
  });

  it('a refused push starts nothing, leaves no branch and says why git refused', async function () {
    this.timeout(120_000);
    const config = path.join(workspace(), '.git', 'config');
    const saved = fs.readFileSync(config, 'utf8');
    assert.ok(saved.includes(DEMO_TOKENS.fineGrained), 'the demo workspace holds the demo credential');
    fs.appendFileSync(file('src/ignite.ts'), '// refused\n');
    const before = await snapshot();
    const tasksBefore = await taskIds();
    try {
      // The same workspace with a token that may not push.
      fs.writeFileSync(config, saved.replace(`= ${DEMO_TOKENS.fineGrained}\n`, `= ${DEMO_TOKENS.fineGrainedRead}\n`));
      api!.answer({ pick: items => items[0], confirm: true });
      const result = await vscode.commands.executeCommand<HandoffResult>(COMMANDS.startTaskWithChanges, {
        prompt: 'This push is refused',
        branch: 'agent-tasks/refused',
        untracked: [],
      });
      assert.equal(result?.ok, false, JSON.stringify(result));
      assert.equal(result.pushed, false);
      assert.match(result.problem, /Nothing was started: git could not push agent-tasks\/refused/);
      assert.match(result.problem, /read-only for git/, 'the sandbox’s reason, as git printed it');
    } finally {
      fs.writeFileSync(config, saved);
    }
    assert.deepEqual(await taskIds(), tasksBefore, 'no task started');
    assert.equal(await remoteSha('agent-tasks/refused'), '', 'no branch on the remote');
    assert.equal((await git('for-each-ref', 'refs/remotes/origin/agent-tasks/refused')).trim(), '');
    assert.equal(await snapshot(), before);
  });
});
