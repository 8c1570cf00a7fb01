// Start Task with My Changes… with several attempts, in the real VS Code against the sandbox: the changes are pushed
// once to their new branch, and each attempt is a task that starts from that branch on a new branch of its own, the
// attempts one set of this workspace. The user's working tree and branch stay as they were. From chat too.
import * as assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { promisify } from 'node:util';
import * as vscode from 'vscode';
import { KNOWN_MODELS } from '../../src/api/schema/values';
import type { HandoffResult } from '../../src/changes/handoff/handoffCommand';
import { CHAT_TOOLS, COMMANDS } from '../../src/ids';
import type { AgentTasksTestApi } from '../../src/testing/testApi';
import { invokeText } from './chatSupport';
import { DEMO_TOKENS, freshStart, SANDBOX, sandboxPost } from './tasksSupport';

const run = promisify(execFile);
const workspace = () => vscode.workspace.workspaceFolders![0].uri.fsPath;
const git = async (...args: string[]) =>
  (await run('git', args, { cwd: workspace(), env: { ...process.env, GIT_TERMINAL_PROMPT: '0' } })).stdout;
const file = (p: string) => path.join(workspace(), p);
const remoteSha = async (branch: string) => (await git('ls-remote', 'origin', `refs/heads/${branch}`)).split('\t')[0];

async function session(id: string): Promise<{ head_ref: string; base_ref: string; model: string }> {
  const r = await fetch(`${SANDBOX}/agents/tasks/${id}`, {
    headers: { authorization: `Bearer ${DEMO_TOKENS.fineGrained}` },
  });
  return ((await r.json()) as { sessions: Array<{ head_ref: string; base_ref: string; model: string }> }).sessions[0];
}

const MODELS = [KNOWN_MODELS[0], KNOWN_MODELS[1], KNOWN_MODELS[0]];

describe('start task with my changes, several attempts', () => {
  let api: AgentTasksTestApi;

  before(async function () {
    this.timeout(90_000);
    api = await freshStart();
    assert.equal((await git('status', '--porcelain')).trim(), '', 'the workspace starts clean');
  });

  afterEach(async () => {
    api.answer(undefined);
    await git('reset', '-q', '--hard', 'HEAD');
    for (const ref of (await git('for-each-ref', '--format=%(refname)', 'refs/remotes/origin/agent-tasks')).split('\n'))
      if (ref) await git('update-ref', '-d', ref);
  });

  it('Attempts 3 in the list: the changes pushed once, three tasks each on a new branch from them, one set', async function () {
    this.timeout(120_000);
    fs.appendFileSync(file('src/countdown.ts'), '// handed to three attempts\n');
    const status = await git('status', '--porcelain');
    const head = (await git('rev-parse', 'HEAD')).trim();
    // The list: Attempts, then 3, then a model for each; back in the list, Continue.
    let models = 0;
    let chose = false;
    api.answer({
      pick: items => {
        const labels = items.map(i => i.label);
        if (labels.includes('3')) return items.find(i => i.label === '3');
        if (labels.includes(MODELS[0])) {
          const model = MODELS[models++];
          return items.find(i => i.label === model);
        }
        if (!chose) return ((chose = true), items.find(i => i.label.endsWith('Attempts')));
        return items[0];
      },
      pickMany: items => items.filter(i => i.picked),
      input: box => box.value,
      confirm: true,
    });
    const result = await vscode.commands.executeCommand<HandoffResult>(COMMANDS.startTaskWithChanges, {
      prompt: 'Three ways to finish the countdown',
    });
    assert.ok(result && 'attempts' in result && result.ok, JSON.stringify(result));
    const branch = result.branch;
    assert.equal(branch, 'agent-tasks/three-ways-to-finish-the-countdown');
    const confirms = api.asked().filter(a => a.kind === 'confirm');
    const confirm = confirms[confirms.length - 1].text;
    const each = `Attempts: 3 (${MODELS.join(', ')}), each a task on a new branch from ${branch}`;
    assert.ok(confirm.includes(each), confirm);
    assert.equal(await git('status', '--porcelain'), status, 'the user’s changes stay where they were');
    assert.equal((await git('rev-parse', 'HEAD')).trim(), head, 'the branch did not move');

    const pushed = await remoteSha(branch);
    assert.equal((await git('rev-parse', `${pushed}^`)).trim(), head, 'the changes pushed once, on top of HEAD');
    assert.deepEqual(
      result.started.map(s => [s.index, s.model]),
      MODELS.map((m, i) => [i, m]),
    );
    const set = api.attemptSets!.get(result.setId)!;
    assert.deepEqual(
      set.attempts.map(a => a.taskId),
      result.started.map(s => s.taskId),
      'one set of this workspace',
    );
    assert.equal(set.start.base_ref, branch);
    await sandboxPost('/_sandbox/advance');
    const heads = new Set<string>();
    for (const s of result.started) {
      const at = await session(s.taskId);
      assert.equal(at.base_ref, branch, 'each attempt starts from the changes');
      assert.notEqual(at.head_ref, branch, 'on a branch of its own');
      heads.add(at.head_ref);
    }
    assert.equal(heads.size, 3, 'three branches');
    assert.equal(api.draft(), undefined, 'every attempt started: no draft kept for Retry');
  });

  it('the chat start tool takes attempts with withMyChanges, through the same command', async function () {
    this.timeout(120_000);
    fs.appendFileSync(file('src/ignite.ts'), '// two attempts from chat\n');
    const lists = () => api.asked().filter(a => a.kind === 'pick' && a.title === 'Start Task with My Changes').length;
    const listed = lists();
    api.answer({ pickMany: items => items.filter(i => i.picked), input: box => box.value, confirm: true });
    const text = await invokeText(CHAT_TOOLS.startTask, {
      prompt: 'Two tries from chat',
      withMyChanges: true,
      models: [MODELS[0], MODELS[1]],
    });
    assert.match(
      text,
      /^Your changes were pushed to branch agent-tasks\/two-tries-from-chat; each attempt starts from it\. Started 2 attempts of “Two tries from chat” on acme\/rocket as one set/,
      text,
    );
    assert.notEqual(await remoteSha('agent-tasks/two-tries-from-chat'), '');
    assert.equal(lists(), listed, 'chat gives its options: the list is not shown');
  });
});
