// Runs the user's own git (the path the built-in git extension found) with execFile: no shell, arguments as given,
// never a prompt (a fetch that needs credentials the helpers do not have fails and says so). Work on one local
// repository is run one at a time, so two fetches never race for its locks. It runs no hook of the repository unless
// the run says the user asked for that command as such (noHooks.ts). Pure Node: no `vscode`.
import type * as ChildProcess from 'node:child_process';
import { noHooks } from './noHooks';

/**
 * `node:child_process`, required on the first git run: the module sits on the activation path, and the first tree
 * runs no git.
 */
function childProcess(): typeof ChildProcess {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  return require('node:child_process') as typeof ChildProcess;
}

export class GitError extends Error {
  constructor(
    message: string,
    /** What git wrote on stderr, trimmed: its own reason. */
    readonly stderr: string,
    readonly code: number | string | undefined,
  ) {
    super(message);
  }

  override readonly name = 'GitError';
}

export function isGitError(e: unknown): e is GitError {
  return e instanceof GitError;
}

export interface GitRun {
  /** The local repository's root (git runs there). */
  cwd: string;
  args: string[];
  timeoutMs?: number;
  /** What git reads on stdin (nothing when undefined). */
  input?: string;
  /**
   * The user asked for this very command (a checkout into a new worktree): the repository's hooks run as git runs
   * them for it. Otherwise none runs: what we run for ourselves starts nothing of the user's.
   */
  hooks?: true;
}

const MAX_OUTPUT = 64 * 1024 * 1024;

export class GitRunner {
  private readonly queues = new Map<string, Promise<unknown>>();
  private spawned = 0;

  constructor(private readonly gitPath: () => string | undefined) {}

  /** How many git processes were started so far (the benchmarks and tests count them). */
  get processes(): number {
    return this.spawned;
  }

  /** git's output as text; one such git at a time per repository (for what writes: a fetch). */
  run(r: GitRun): Promise<string> {
    const prev = this.queues.get(r.cwd) ?? Promise.resolve();
    const next = prev.then(
      () => this.exec(r),
      () => this.exec(r),
    );
    const tail = next.catch(() => undefined);
    this.queues.set(r.cwd, tail);
    void tail.then(() => this.queues.get(r.cwd) === tail && this.queues.delete(r.cwd));
    return next;
  }

  /** git's output as text, for a read that changes nothing (it runs beside others: git's reads are safe together). */
  read(r: GitRun): Promise<string> {
    return this.exec(r);
  }

  /** Raw bytes of git's output (a file's content may be binary). */
  runBytes(r: GitRun): Promise<Buffer> {
    return this.exec(r, true);
  }

  private exec(r: GitRun, bytes?: false): Promise<string>;
  private exec(r: GitRun, bytes: true): Promise<Buffer>;
  private exec(r: GitRun, bytes = false): Promise<string | Buffer> {
    const git = this.gitPath();
    if (!git) return Promise.reject(new GitError('git is not available', '', 'ENOENT'));
    this.spawned++;
    const { execFile } = childProcess();
    const args = r.hooks ? r.args : [...noHooks(), ...r.args];
    return new Promise((resolve, reject) => {
      const child = execFile(
        git,
        args,
        {
          cwd: r.cwd,
          encoding: 'buffer',
          maxBuffer: MAX_OUTPUT,
          timeout: r.timeoutMs ?? 60_000,
          windowsHide: true,
          // Never a prompt in a terminal nobody sees; the user's credential helpers still answer.
          env: { ...process.env, GIT_TERMINAL_PROMPT: '0', GCM_INTERACTIVE: 'never', LC_ALL: 'C' },
        },
        (err, stdout, stderr) => {
          if (err) {
            const said = stderr.toString('utf8').trim();
            const code = (err as NodeJS.ErrnoException).code;
            // The command's name: the first word that is no option (`-c name=value` comes before it).
            const verb = r.args.find((a, i) => !a.startsWith('-') && r.args[i - 1] !== '-c') ?? r.args[0];
            reject(new GitError(`git ${verb} failed: ${said || err.message}`, said, code));
          } else resolve(bytes ? stdout : stdout.toString('utf8'));
        },
      );
      child.stdin?.on('error', () => undefined); // git may stop reading early; its exit says why
      child.stdin?.end(r.input ?? '');
    });
  }
}
