// The user's git, read as a stream: long listings record by record and file contents straight into a file, so that
// neither the number of paths nor the size of a file decides how much memory an apply takes, and no path is ever
// put on a command line (a list of them is handed over on stdin). Every such git is ours (plumbing on a temporary
// index, reads of the branch): it runs no hook of the repository. Pure Node: no `vscode`.
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { GitError } from '../../git/gitRunner';
import { noHooks } from '../../git/noHooks';

const ENV = (): NodeJS.ProcessEnv => ({
  ...process.env,
  GIT_TERMINAL_PROMPT: '0',
  GCM_INTERACTIVE: 'never',
  LC_ALL: 'C',
});

export interface StreamRun {
  git: string;
  cwd: string;
  args: string[];
  /** What git reads on stdin. */
  input?: string | Buffer;
  /** More environment (`GIT_INDEX_FILE` for a temporary index). */
  env?: Record<string, string>;
}

function start(r: StreamRun): { child: ChildProcessWithoutNullStreams; done: Promise<void> } {
  const child = spawn(r.git, [...noHooks(), ...r.args], { cwd: r.cwd, env: { ...ENV(), ...r.env }, windowsHide: true });
  const err: Buffer[] = [];
  let errBytes = 0;
  child.stderr.on('data', (b: Buffer) => {
    if (errBytes < 16_384) err.push(b);
    errBytes += b.length;
  });
  const done = new Promise<void>((resolve, reject) => {
    child.on('error', e =>
      reject(new GitError(`git ${r.args[0]} failed: ${e.message}`, '', (e as { code?: string }).code)),
    );
    child.on('close', code => {
      const said = Buffer.concat(err).toString('utf8').trim();
      if (code === 0) resolve();
      else {
        const verb = r.args.find(
          (a, i) =>
            !a.startsWith('-') &&
            r.args[i - 1] !== '-c' &&
            r.args[i - 1] !== '--git-dir' &&
            r.args[i - 1] !== '--work-tree',
        );
        reject(new GitError(`git ${verb ?? ''} failed: ${said || `exit ${code}`}`, said, code ?? undefined));
      }
    });
  });
  child.stdin.on('error', () => undefined); // git may stop reading early; its exit says why
  if (r.input !== undefined) child.stdin.end(r.input);
  return { child, done };
}

/** Calls `each` with every NUL-ended record git writes (`-z` output), as it comes. */
export async function eachRecord(r: StreamRun, each: (record: string) => void): Promise<void> {
  const { child, done } = start(r);
  if (r.input === undefined) child.stdin.end();
  let rest = Buffer.alloc(0);
  for await (const chunk of child.stdout as AsyncIterable<Buffer>) {
    let buf = rest.length ? Buffer.concat([rest, chunk]) : chunk;
    for (let nul = buf.indexOf(0); nul >= 0; nul = buf.indexOf(0)) {
      each(buf.subarray(0, nul).toString('utf8'));
      buf = buf.subarray(nul + 1);
    }
    rest = Buffer.from(buf);
  }
  await done;
}

/** git's whole output as bytes (for what is small: a link's target, a manifest). */
export async function readAll(r: StreamRun, limit = 8 * 1024 * 1024): Promise<Buffer> {
  const { child, done } = start(r);
  if (r.input === undefined) child.stdin.end();
  const parts: Buffer[] = [];
  let size = 0;
  for await (const chunk of child.stdout as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > limit) {
      child.kill();
      throw new GitError(`git ${r.args[0]} wrote more than ${limit} bytes`, '', undefined);
    }
    parts.push(chunk);
  }
  await done;
  return Buffer.concat(parts);
}

/** Streams git's output into `sink` (awaiting each write, so memory stays flat), and waits for git to end well. */
export async function pipeTo(r: StreamRun, sink: (chunk: Buffer) => Promise<void>): Promise<void> {
  const { child, done } = start(r);
  if (r.input === undefined) child.stdin.end();
  try {
    for await (const chunk of child.stdout as AsyncIterable<Buffer>) await sink(chunk);
  } catch (e) {
    child.kill();
    await done.catch(() => undefined);
    throw e;
  }
  await done;
}
