// The world's git repositories (those with `git` in the world file), as bare repositories under one directory:
// created from the world's files, and given the agent's work on a task's head_ref as its session moves (git/agent).
// All work on one repository runs in one queue, and a fetch waits for the queue, so a branch the REST interface
// shows can be fetched at once.
import * as fs from 'node:fs';
import * as fsp from 'node:fs/promises';
import * as os from 'node:os';
import * as path from 'node:path';
import { DEFAULT_BRANCH, type RepoRec, type State, type TaskRec } from '../state';
import { type AgentGit, type WorkEvent, WorkCache, eventOfMove, eventsOf, writeWork } from './agent';
import { firstCommit, isBranchName } from './commits';
import { runGit, runGitBytes } from './run';

export interface GitOptions {
  /** The git program; `git` (from PATH) by default. */
  git: string;
  /** Where the repositories live; a temporary directory (removed on close) when undefined. */
  root: string | undefined;
  log(line: string): void;
  onError(e: unknown): void;
}

const LEFTOVER = /\.git\.(?:tmp|old)-\d+-\d+$/;

export class GitRepos {
  private root: string | undefined;
  private readonly queues = new Map<string, Promise<void>>();
  private readonly waiting = new Map<string, Map<TaskRec, WorkEvent[]>>();
  /** What the agent knows of each repository (git/agent); dropped when the repository is made anew. */
  private readonly caches = new Map<string, WorkCache>();
  private probe: Promise<boolean> | undefined;
  private n = 0;
  /** Stops the git programs still running when a temporary directory is thrown away. */
  private readonly abort = new AbortController();

  constructor(
    private readonly o: GitOptions,
    private readonly current: () => State,
  ) {
    this.root = o.root;
    if (this.root) removeLeftovers(this.root);
  }

  /** Resolves false (and says why, once) when git cannot be run. */
  available(): Promise<boolean> {
    return (this.probe ??= runGit(this.o.git, ['--version']).then(
      () => true,
      (e: Error) => {
        const names = [...this.current().repos.values()]
          .filter(r => r.git)
          .map(r => `${r.ownerAccount.login}/${r.name}`);
        this.o.log(
          `git cannot be run (${(e as NodeJS.ErrnoException).code ?? e.message}): ` +
            `the git repositories of the world (${names.join(', ')}) are not served, ` +
            "so agents' branches cannot be fetched; install git to serve them. The REST interface works as usual.",
        );
        return false;
      },
    ));
  }

  /** The bare repository of a world repository, or undefined when it is not served (or nowhere yet). */
  dirOf(repo: RepoRec): string | undefined {
    if (!repo.git || !this.root) return undefined;
    return path.join(this.root, repo.ownerAccount.login.toLowerCase(), `${repo.name.toLowerCase()}.git`);
  }

  /**
   * Creates the repositories `st` lacks, or all of them anew (`fresh`, after a reset), with their sessions'
   * branches.
   */
  load(st: State, fresh: boolean): void {
    const served = [...st.repos.values()].filter(r => r.git);
    if (served.length === 0 && !this.root) return;
    if (!this.root) {
      this.root = fs.mkdtempSync(path.join(os.tmpdir(), 'agent-tasks-sandbox-git-'));
      // Also when the process ends without closing the sandbox (process.exit, a test runner's --exit).
      process.once('exit', this.removeRoot);
    }
    const keep = new Set<string>();
    for (const repo of served) {
      const dir = this.dirOf(repo)!;
      keep.add(dir);
      // What each task's state implies now: later moves queue their own work after this.
      const events = new Map((st.tasksByRepo.get(repo.id) ?? []).map(t => [t, eventsOf(t)]));
      this.enqueue(dir, async () => {
        // A later reset queued its own work; this state is gone.
        if (this.current() !== st) return;
        const made = await this.create(dir, repo, fresh);
        await writeWork(this.agentGit(dir), repo, events, made);
      });
    }
    if (fresh)
      for (const dir of listRepos(this.root))
        if (!keep.has(dir)) this.enqueue(dir, () => fsp.rm(dir, { recursive: true, force: true }));
  }

  /**
   * A task with a session moved: its branch gets what the agent did (a start, a step while `in_progress`, a last
   * commit on completion; see git/agent). Tasks that move together share a run.
   */
  sessionMoved(st: State, t: TaskRec): void {
    const repo = st.repos.get(t.repository);
    const dir = repo && this.dirOf(repo);
    if (!repo || !dir) return;
    const queued = this.waiting.get(dir);
    if (queued) {
      queued.set(t, [...(queued.get(t) ?? []), eventOfMove(t)]);
      return;
    }
    const events = new Map([[t, [eventOfMove(t)]]]);
    this.waiting.set(dir, events);
    this.enqueue(dir, async () => {
      this.waiting.delete(dir);
      if (this.current() === st) await writeWork(this.agentGit(dir), repo, events, false);
    });
  }

  /** Resolves when the work queued so far for this repository is done. */
  async settled(dir: string): Promise<void> {
    await this.queues.get(dir);
  }

  private enqueue(dir: string, job: () => Promise<void>): void {
    const run = (this.queues.get(dir) ?? Promise.resolve())
      .then(async () => {
        if (!this.abort.signal.aborted && (await this.available())) await job();
      })
      .catch(e => {
        if (!this.abort.signal.aborted) this.o.onError(e);
      });
    this.queues.set(dir, run);
    void run.then(() => {
      if (this.queues.get(dir) === run) this.queues.delete(dir);
    });
  }

  /** Makes the repository unless it is there (and not `fresh`); built aside and renamed, so a crash leaves no half. */
  private async create(dir: string, repo: RepoRec, fresh: boolean): Promise<boolean> {
    if (!fresh && fs.existsSync(dir)) return false;
    const branch = repo.default_branch ?? DEFAULT_BRANCH;
    if (!isBranchName(branch))
      throw new Error(
        `${repo.ownerAccount.login}/${repo.name}: default branch ${JSON.stringify(branch)} is not a git branch name`,
      );
    this.caches.delete(dir);
    const tmp = `${dir}.tmp-${process.pid}-${++this.n}`;
    await fsp.mkdir(path.dirname(dir), { recursive: true });
    await this.git(['init', '--bare', '--quiet', `--initial-branch=${branch}`, tmp]);
    await this.git(['fast-import', '--quiet'], tmp, firstCommit(branch, repo.name, repo.git?.files));
    if (fs.existsSync(dir)) {
      const old = `${dir}.old-${process.pid}-${this.n}`;
      await fsp.rename(dir, old);
      await fsp.rename(tmp, dir);
      await fsp.rm(old, { recursive: true, force: true });
    } else {
      await fsp.rename(tmp, dir);
    }
    return true;
  }

  private git(args: string[], gitDir?: string, input?: string): Promise<string> {
    return runGit(this.o.git, args, { gitDir, input, signal: this.abort.signal });
  }

  private agentGit(dir: string): AgentGit {
    const signal = this.abort.signal;
    let cache = this.caches.get(dir);
    if (!cache) this.caches.set(dir, (cache = new WorkCache()));
    return {
      cache,
      text: (args, input) => runGit(this.o.git, args, { gitDir: dir, input, signal }),
      bytes: (args, input) => runGitBytes(this.o.git, args, { gitDir: dir, input, signal }),
      log: line => {
        // A run stopped by closing the sandbox is not worth a line.
        if (!signal.aborted) this.o.log(line);
      },
    };
  }

  private readonly removeRoot = (): void => {
    if (this.root && this.o.root === undefined) fs.rmSync(this.root, { recursive: true, force: true });
  };

  /** Waits for the queued work (stops it when the directory is a temporary one), then removes a temporary directory. */
  async close(): Promise<void> {
    if (this.o.root === undefined) this.abort.abort();
    while (this.queues.size > 0) await Promise.all([...this.queues.values()]);
    process.off('exit', this.removeRoot);
    if (this.root && this.o.root === undefined)
      await fsp.rm(this.root, { recursive: true, force: true, maxRetries: 3 });
  }
}

function listRepos(root: string): string[] {
  const out: string[] = [];
  for (const owner of safeReaddir(root))
    for (const name of safeReaddir(path.join(root, owner)))
      if (name.endsWith('.git')) out.push(path.join(root, owner, name));
  return out;
}

/**
 * What a crash of the sandbox (and of the git programs it ran) leaves in its repositories: half-made repositories,
 * lock files that would make every later commit on their branch fail, temporary packs. Nothing of ours runs yet.
 */
function removeLeftovers(root: string): void {
  for (const owner of safeReaddir(root)) {
    for (const name of safeReaddir(path.join(root, owner))) {
      const dir = path.join(root, owner, name);
      if (LEFTOVER.test(name)) fs.rmSync(dir, { recursive: true, force: true });
      else if (name.endsWith('.git')) removeLocks(dir, ['HEAD.lock', 'config.lock', 'packed-refs.lock']);
    }
  }
}

function removeLocks(repo: string, topLevel: string[]): void {
  for (const n of topLevel) fs.rmSync(path.join(repo, n), { force: true });
  const pack = path.join(repo, 'objects', 'pack');
  for (const n of safeReaddir(pack)) if (n.startsWith('tmp_')) fs.rmSync(path.join(pack, n), { force: true });
  const walk = (dir: string): void => {
    for (const e of safeDirents(dir)) {
      const p = path.join(dir, e.name);
      if (e.isDirectory()) walk(p);
      else if (e.name.endsWith('.lock')) fs.rmSync(p, { force: true });
    }
  };
  walk(path.join(repo, 'refs'));
}

function safeDirents(dir: string): fs.Dirent[] {
  try {
    return fs.readdirSync(dir, { withFileTypes: true });
  } catch {
    return [];
  }
}

function safeReaddir(dir: string): string[] {
  try {
    return fs.readdirSync(dir);
  } catch {
    return [];
  }
}
