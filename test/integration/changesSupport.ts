// Helpers of the changes tests: git in the workspace, and the user's repository as git sees it, to compare.
import * as assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import * as vscode from 'vscode';
import { demoWorld, type WorldFile } from './tasksSupport';

const run = promisify(execFile);

type WorldTask = NonNullable<WorldFile['tasks']>[number];

/**
 * The demo world with one more task: mona's in acme/rocket, completed just now, on `head_ref` from main, with the
 * commits given (what its branch holds).
 */
export function worldWithTask(t: Pick<WorldTask, 'id' | 'prompt' | 'head_ref' | 'commits'>): WorldFile {
  const w = demoWorld();
  const now = new Date().toISOString();
  const task: WorldTask = {
    repository: 5000,
    creator: 1001,
    state: 'completed',
    base_ref: 'main',
    created_at: now,
    updated_at: now,
    ...t,
  };
  w.tasks = [...(w.tasks ?? []), task];
  return w;
}

export function workspace(): string {
  const folder = vscode.workspace.workspaceFolders?.[0];
  assert.ok(folder, 'a workspace folder is open');
  return folder.uri.fsPath;
}

export async function git(cwd: string, args: string[], input?: string): Promise<string> {
  const child = run('git', args, { cwd, env: { ...process.env, GIT_TERMINAL_PROMPT: '0' }, maxBuffer: 1 << 26 });
  if (input !== undefined) {
    child.child.stdin?.end(input);
  }
  return (await child).stdout;
}

/** Everything of the user's repository that is theirs: branches, remote-tracking branches, files, index, stash. */
export async function userState(): Promise<Record<string, string>> {
  const ws = workspace();
  const hash = (s: string) => createHash('sha256').update(s).digest('hex');
  return {
    branches: await git(ws, ['for-each-ref', '--format=%(refname) %(objectname)', 'refs/heads', 'refs/remotes']),
    head: await git(ws, ['symbolic-ref', '-q', 'HEAD']).catch(() => 'detached'),
    status: await git(ws, ['status', '--porcelain=v2', '--branch', '--untracked-files=all']),
    index: hash(await git(ws, ['diff', '--cached', '--binary'])),
    worktree: hash(await git(ws, ['diff', '--binary'])),
    stash: await git(ws, ['stash', 'list']),
  };
}
