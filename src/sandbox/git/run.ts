// Running git for the sandbox's repositories: in an environment of its own (no GIT_* variables of whoever started
// the sandbox, no user or system configuration, never a prompt), so the repositories behave alike on every machine.
import { spawn } from 'node:child_process';
import * as os from 'node:os';

export function gitEnv(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [k, v] of Object.entries(process.env)) if (!k.startsWith('GIT_')) env[k] = v;
  return { ...env, GIT_CONFIG_NOSYSTEM: '1', GIT_CONFIG_GLOBAL: os.devNull, GIT_TERMINAL_PROMPT: '0', ...extra };
}

export interface RunOptions {
  gitDir?: string;
  input?: string | Buffer;
  signal?: AbortSignal;
}

/** Runs git and returns its output as text; rejects with its exit code and the start of its error output. */
export async function runGit(git: string, args: string[], opts: RunOptions = {}): Promise<string> {
  return (await runGitBytes(git, args, opts)).toString('utf8');
}

/** Runs git and returns its output as bytes (file contents, which need not be text). */
export function runGitBytes(git: string, args: string[], opts: RunOptions = {}): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    // Not spawn's own `signal`: it rejects at once while git may still be writing, and whoever aborted (closing the
    // sandbox) would then remove the directory under it. An abort kills git and settles only once git has exited.
    const child = spawn(git, args, {
      env: gitEnv(opts.gitDir ? { GIT_DIR: opts.gitDir } : {}),
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    const kill = () => child.kill('SIGKILL');
    if (opts.signal?.aborted) kill();
    else opts.signal?.addEventListener('abort', kill, { once: true });
    const out: Buffer[] = [];
    let err = '';
    child.stdout.on('data', (d: Buffer) => out.push(d));
    child.stderr.on('data', (d: Buffer) => (err += d.toString('utf8')));
    child.on('error', reject);
    child.on('close', code => {
      opts.signal?.removeEventListener('abort', kill);
      if (opts.signal?.aborted) reject(new Error(`git ${args[0]} stopped: the sandbox is closing`));
      else if (code === 0) resolve(Buffer.concat(out));
      else reject(new Error(`git ${args[0]} exited with ${code}: ${err.trim().slice(0, 500)}`));
    });
    // git may exit before reading everything (it failed); its exit code says why, not the broken pipe.
    child.stdin.on('error', () => undefined);
    child.stdin.end(opts.input);
  });
}
