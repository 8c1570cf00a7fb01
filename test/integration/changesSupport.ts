// Helpers of the changes tests: the agent's commits spelled out (the world format's `commits`: per commit a message
// and files, each new text, null for deleted, {base64} for binary, {from} or {from, text} for a rename), written on
// a task's branch in the sandbox's own repository; and the user's repository as git sees it, to compare.
import * as assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { promisify } from 'node:util';
import * as vscode from 'vscode';
import { SANDBOX } from './tasksSupport';

const run = promisify(execFile);

export type SpelledFile = string | null | { base64: string } | { from: string; text?: string };
export interface SpelledCommit {
  message: string;
  files: Record<string, SpelledFile>;
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

/** The remote's branch tip, as the workspace's git sees it over the sandbox's smart HTTP. */
export async function remoteTip(branch: string): Promise<string | undefined> {
  const out = await git(workspace(), ['ls-remote', `${SANDBOX}/acme/rocket.git`, `refs/heads/${branch}`]);
  return out.split('\t')[0] || undefined;
}

/**
 * The sandbox's bare repository of acme/rocket: among the sandboxes' temporary folders on this machine, the one
 * whose `branch` is at the tip the sandbox serves.
 */
export async function sandboxRepo(branch: string): Promise<string> {
  const tip = await remoteTip(branch);
  assert.ok(tip, `the sandbox serves ${branch}`);
  // The sandbox runs beside VS Code, not in it: its temporary folder is the runner's, not the extension host's.
  const roots = [...new Set([os.tmpdir(), '/tmp'])].filter(r => fs.existsSync(r));
  const names = roots.flatMap(r => fs.readdirSync(r).map(n => [r, n] as const));
  for (const [root, name] of names) {
    if (!name.startsWith('agent-tasks-sandbox-git-')) continue;
    const dir = path.join(root, name, 'acme', 'rocket.git');
    if (!fs.existsSync(dir)) continue;
    const at = await git(dir, ['rev-parse', '--verify', '-q', `refs/heads/${branch}`]).catch(() => '');
    if (at.trim() === tip) return dir;
  }
  assert.fail(`no sandbox repository holds ${branch} at ${tip}`);
}

const quote = (p: string) => `"${p.replace(/\\/g, '\\\\').replace(/"/g, '\\"').replace(/\n/g, '\\n')}"`;
const data = (b: Buffer) => Buffer.concat([Buffer.from(`data ${b.length}\n`), b, Buffer.from('\n')]);

/** `git fast-import` input for commits on top of `branch`. */
export function fastImport(branch: string, commits: SpelledCommit[], seconds: number): Buffer {
  const parts: Buffer[] = [];
  commits.forEach((c, i) => {
    const who = `Agent <agent@sandbox.invalid> ${seconds + i} +0000`;
    parts.push(Buffer.from(`commit refs/heads/${branch}\nauthor ${who}\ncommitter ${who}\n`));
    parts.push(data(Buffer.from(c.message)));
    if (i === 0) parts.push(Buffer.from(`from refs/heads/${branch}^0\n`));
    for (const [p, f] of Object.entries(c.files)) {
      if (f === null) parts.push(Buffer.from(`D ${quote(p)}\n`));
      else if (typeof f === 'string') parts.push(Buffer.from(`M 100644 inline ${quote(p)}\n`), data(Buffer.from(f)));
      else if ('base64' in f)
        parts.push(Buffer.from(`M 100644 inline ${quote(p)}\n`), data(Buffer.from(f.base64, 'base64')));
      else {
        parts.push(Buffer.from(`R ${quote(f.from)} ${quote(p)}\n`));
        if (f.text !== undefined) parts.push(Buffer.from(`M 100644 inline ${quote(p)}\n`), data(Buffer.from(f.text)));
      }
    }
    parts.push(Buffer.from('\n'));
  });
  return Buffer.concat(parts);
}

/** Writes the commits on the task's branch in the sandbox's repository, as the sandbox's agent would. */
export async function spellCommits(branch: string, commits: SpelledCommit[]): Promise<void> {
  const dir = await sandboxRepo(branch);
  const input = fastImport(branch, commits, Math.floor(Date.now() / 1000));
  await new Promise<void>((resolve, reject) => {
    const child = execFile('git', ['fast-import', '--quiet'], { cwd: dir, env: { ...process.env, GIT_DIR: dir } }, e =>
      e ? reject(new Error(`git fast-import: ${e.message}`)) : resolve(),
    );
    child.stdin?.end(input);
  });
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
