// The git of a hand-off, run with the user's own git program (no shell, nothing secret in an argument): what is
// uncommitted, a commit of it built in a temporary index (the user's branch, index and files never move), the push
// of that commit as a new branch, and taking that branch back when the push went wrong. No `vscode` here.
import { execFile } from 'node:child_process';
import * as fs from 'node:fs/promises';
import * as os from 'node:os';
import * as path from 'node:path';
import { noHooks } from '../../git/noHooks';

export interface Changes {
  /** Tracked files with uncommitted changes, staged or not (both names of a rename). */
  tracked: string[];
  /** Files git does not track and does not ignore. */
  untracked: string[];
  /** Files with unresolved conflicts: a hand-off waits until they are resolved. */
  conflicted: string[];
}

export class GitFailure extends Error {
  constructor(
    readonly args: string[],
    /** What git said on its error output, as it said it (trimmed). */
    readonly said: string,
    readonly code: number | string | undefined,
  ) {
    super(
      said ||
        `git ${args.find((a, i) => !a.startsWith('-') && args[i - 1] !== '-c')} failed (${code ?? 'no exit code'})`,
    );
  }
}

export interface GitWorkingTree {
  /** The git program (the git extension's `git.path`). */
  git: string;
  /** The repository's working tree. */
  cwd: string;
}

/**
 * Runs git; `input` goes to its standard input; `env` adds to the extension host's environment. `hooks`: the user
 * asked for this very command (the hand-off's push, a stash), so the repository's hooks run as git runs them for it;
 * otherwise none runs (noHooks.ts).
 */
export function runGit(
  r: GitWorkingTree,
  args: string[],
  opts: { input?: string; env?: Record<string, string>; hooks?: true } = {},
): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = execFile(
      r.git,
      opts.hooks ? args : [...noHooks(), ...args],
      {
        cwd: r.cwd,
        // Never a prompt in a terminal nobody sees; the user's credential helpers still answer.
        env: { ...process.env, GIT_TERMINAL_PROMPT: '0', ...opts.env },
        maxBuffer: 64 * 1024 * 1024,
        windowsHide: true,
      },
      (err, stdout, stderr) => {
        if (err) {
          const code = (err as NodeJS.ErrnoException).code ?? (err as { code?: number }).code;
          reject(new GitFailure(args, String(stderr).trim(), code));
        } else resolve(String(stdout));
      },
    );
    child.stdin?.on('error', () => undefined);
    child.stdin?.end(opts.input ?? '');
  });
}

/** What `git status` sees as uncommitted, ignored files left out. */
export async function listChanges(r: GitWorkingTree): Promise<Changes> {
  const out = await runGit(r, ['status', '--porcelain=v2', '-z', '--untracked-files=all', '--ignored=no']);
  return parseStatus(out);
}

/** Reads `git status --porcelain=v2 -z`. */
export function parseStatus(out: string): Changes {
  const tracked = new Set<string>();
  const untracked: string[] = [];
  const conflicted: string[] = [];
  const fields = out.split('\0');
  for (let i = 0; i < fields.length; i++) {
    const f = fields[i];
    if (f.startsWith('1 ')) tracked.add(afterSpaces(f, 8));
    else if (f.startsWith('2 ')) {
      tracked.add(afterSpaces(f, 9));
      tracked.add(fields[++i]); // the name it had
    } else if (f.startsWith('u ')) conflicted.push(afterSpaces(f, 10));
    else if (f.startsWith('? ')) untracked.push(f.slice(2));
  }
  return { tracked: [...tracked].sort(), untracked: untracked.sort(), conflicted: conflicted.sort() };
}

/** The text after the first `n` spaces (a path may hold spaces of its own). */
function afterSpaces(line: string, n: number): string {
  let at = -1;
  for (let k = 0; k < n; k++) at = line.indexOf(' ', at + 1);
  return line.slice(at + 1);
}

/**
 * A commit of HEAD plus the working-tree state of `paths`, on top of HEAD, built in a temporary index: the user's
 * index, files and branch are not touched. Paths are given to git on its standard input, taken literally.
 */
export async function commitChanges(r: GitWorkingTree, paths: string[], message: string): Promise<string> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'agent-tasks-handoff-'));
  const env = { GIT_INDEX_FILE: path.join(dir, 'index'), GIT_LITERAL_PATHSPECS: '1' };
  try {
    await runGit(r, ['read-tree', 'HEAD'], { env });
    if (paths.length > 0) {
      const list = paths.map(p => `${p}\0`).join('');
      await runGit(r, ['add', '-A', '--pathspec-from-file=-', '--pathspec-file-nul'], { env, input: list });
    }
    const tree = (await runGit(r, ['write-tree'], { env })).trim();
    return (await runGit(r, ['commit-tree', tree, '-p', 'HEAD', '-F', '-'], { env, input: message })).trim();
  } finally {
    await fs.rm(dir, { recursive: true, force: true });
  }
}

/**
 * Pushes `sha` as the new branch `branch` of `remote`; refused when the branch is there already (a lease on its
 * absence), so nobody's branch is overwritten.
 */
export async function pushNewBranch(r: GitWorkingTree, remote: string, sha: string, branch: string): Promise<void> {
  const ref = `refs/heads/${branch}`;
  await runGit(r, ['push', `--force-with-lease=${ref}:`, '--', remote, `${sha}:${ref}`], { hooks: true });
}

/**
 * After a failed push: takes away the branch when it is on the remote anyway and still holds `sha` (the answer was
 * lost), and the remote-tracking ref git may have made for it. Says whether a branch is left on the remote.
 */
export async function undoPush(r: GitWorkingTree, remote: string, sha: string, branch: string): Promise<boolean> {
  const ref = `refs/heads/${branch}`;
  let left = false;
  try {
    const there = (await runGit(r, ['ls-remote', '--', remote, ref])).split('\t')[0].trim();
    if (there === sha) {
      await runGit(r, ['push', `--force-with-lease=${ref}:${sha}`, '--', remote, `:${ref}`], { hooks: true }).catch(
        () => (left = true),
      );
    }
  } catch {
    // The remote cannot be asked: nothing more can be done from here.
  }
  const tracking = `refs/remotes/${remote}/${branch}`;
  await runGit(r, ['update-ref', '-d', tracking, sha]).catch(() => undefined);
  return left;
}

/** Whether the remote-tracking ref of `branch` on `remote` exists here (a branch of that name was seen there). */
export async function knownOnRemote(r: GitWorkingTree, remote: string, branch: string): Promise<boolean> {
  const out = await runGit(r, ['for-each-ref', '--format=%(refname)', `refs/remotes/${remote}/${branch}`]);
  return out.trim() !== '';
}

/** How many commits of HEAD no remote-tracking branch of `remote` holds: they are pushed with a hand-off. */
export async function unpushedCommits(r: GitWorkingTree, remote: string): Promise<number> {
  const out = await runGit(r, ['rev-list', '--count', 'HEAD', '--not', `--remotes=${remote}`]);
  return Number.parseInt(out.trim(), 10) || 0;
}

/** A branch name for the hand-off of `prompt`: `agent-tasks/` and the prompt's first words. */
export function branchFor(prompt: string): string {
  const slug = prompt
    .split(/\r?\n/, 1)[0]
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 40)
    .replace(/-+$/, '');
  return `agent-tasks/${slug || 'my-changes'}`;
}

/** The commit message of a hand-off: the prompt's first line, bounded, and what the commit is. */
export function commitMessage(prompt: string): string {
  const first = prompt.trim().split(/\r?\n/, 1)[0].slice(0, 72) || 'Changes';
  return `${first}\n\nUncommitted changes handed to the agent with the task's prompt.\n`;
}
