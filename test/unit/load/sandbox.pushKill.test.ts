// Branches pushed to the sandbox survive SIGKILL like everything else it acknowledged: pushes go on one after the
// other, the process is killed in the middle of them and restarted on the same state file; every push git reported
// done is there with its commit, and who made each branch is still known (its maker may force it, nobody else may).
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { promisify } from 'node:util';
import { DEMO_TOKENS } from '../../../src/sandbox';
import { kill9, startSandboxCli, type SandboxProcess } from '../../support/sandboxProcess';

const run = promisify(execFile);

async function git(cwd: string, args: string[], token?: string): Promise<string> {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    GIT_TERMINAL_PROMPT: '0',
    GIT_CONFIG_NOSYSTEM: '1',
    GIT_CONFIG_GLOBAL: os.devNull,
    PUSH_TOKEN: token ?? '',
  };
  const helper = '!f() { test "$1" = get && echo username=x && echo "password=$PUSH_TOKEN"; }; f';
  const pre = ['-c', 'user.name=T', '-c', 'user.email=t@example.invalid', '-c', `credential.helper=${helper}`];
  return (await run('git', [...pre, ...args], { cwd, env })).stdout.trim();
}

describe('pushed branches and SIGKILL', () => {
  let dir: string;
  let running: SandboxProcess | undefined;
  before(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sbx-pushkill-'));
  });
  after(async () => {
    if (running) await kill9(running);
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('every push git reported done is there after kill -9 and a restart, and its maker still owns it', async function () {
    this.timeout(180_000);
    const file = path.join(dir, 'state.json');
    const args = ['--state', file, '--step-ms', '0'];
    let sb = await startSandboxCli(args);
    running = sb;
    const clone = path.join(dir, 'rocket');
    await git(dir, ['clone', '-q', `${sb.url}/acme/rocket.git`, clone]);
    const done = new Map<string, string>(); // branch → commit, pushes git reported done
    let stop = false;
    const pushes = (async () => {
      for (let i = 0; !stop; i++) {
        fs.writeFileSync(path.join(clone, 'n.txt'), `${i}\n`);
        await git(clone, ['commit', '-q', '-a', '--allow-empty', '-m', `push ${i}`]);
        const sha = await git(clone, ['rev-parse', 'HEAD']);
        try {
          await git(clone, ['push', '-q', 'origin', `HEAD:refs/heads/kept/${i}`], DEMO_TOKENS.fineGrained);
          done.set(`kept/${i}`, sha);
        } catch {
          return; // cut by the kill: not acknowledged
        }
      }
    })();
    while (done.size < 3) await new Promise(r => setTimeout(r, 50));
    await kill9(sb);
    stop = true;
    await pushes;

    sb = await startSandboxCli(args);
    running = sb;
    const heads = new Map(
      (await git(dir, ['ls-remote', '--heads', `${sb.url}/acme/rocket.git`]))
        .split('\n')
        .map(l => l.split('\t'))
        .map(([sha, ref]) => [ref.replace('refs/heads/', ''), sha]),
    );
    const lost = [...done].filter(([b, sha]) => heads.get(b) !== sha);
    assert.deepEqual(lost, [], `${lost.length} of ${done.size} acknowledged pushes lost`);

    const [branch, sha] = [...done][0];
    await git(clone, ['remote', 'set-url', 'origin', `${sb.url}/acme/rocket.git`]);
    await git(clone, ['checkout', '-q', '--detach', `${sha}~1`]);
    await git(clone, ['commit', '-q', '--allow-empty', '-m', 'rewritten']);
    await assert.rejects(
      git(clone, ['push', '-f', 'origin', `HEAD:refs/heads/${branch}`], DEMO_TOKENS.freePlan),
      (e: Error) => {
        assert.match(e.message, /you did not create this branch/, e.message);
        return true;
      },
    );
    await git(clone, ['push', '-q', '-f', 'origin', `HEAD:refs/heads/${branch}`], DEMO_TOKENS.fineGrained);
    sb.child.kill('SIGTERM');
    assert.equal(await sb.exited, 0);
    running = undefined;
  });
});
