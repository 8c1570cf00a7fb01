// The sandbox CLI as its own process, for the tests that kill it with -9. It runs in its own process group, so the
// kill also reaches the git processes it may have started: a git left running would go on writing into the test's
// folder while the test removes it.
import { spawn, type ChildProcess } from 'node:child_process';
import * as path from 'node:path';
import * as readline from 'node:readline';

const CLI = path.resolve(__dirname, '../../../dist/sandbox.js');

export interface SandboxProcess {
  child: ChildProcess;
  url: string;
  exited: Promise<number | null>;
}

/** Starts `dist/sandbox.js` with `args`; resolves with the address it prints once it listens. */
export function startSandboxCli(args: string[]): Promise<SandboxProcess> {
  const child = spawn(process.execPath, [CLI, '--port', '0', ...args], {
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  let stderr = '';
  child.stderr.on('data', d => (stderr += d));
  const exited = new Promise<number | null>(resolve => child.once('exit', code => resolve(code)));
  return new Promise((resolve, reject) => {
    readline.createInterface({ input: child.stdout }).once('line', url => resolve({ child, url, exited }));
    void exited.then(code => reject(new Error(`the sandbox exited (${code}) before printing its address: ${stderr}`)));
  });
}

/** SIGKILL to the sandbox and everything it started; resolves once the sandbox is gone. */
export async function kill9(p: SandboxProcess): Promise<void> {
  if (p.child.exitCode === null && p.child.signalCode === null && p.child.pid !== undefined) {
    try {
      process.kill(-p.child.pid, 'SIGKILL');
    } catch {
      p.child.kill('SIGKILL');
    }
  }
  await p.exited;
}
