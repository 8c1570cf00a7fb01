// A hostile agent's branches on the sandbox's git: the sandbox runs in this process with one repository, ana/app;
// trees are made object by object (`hash-object`, `mktree -z`: links, names listed twice, names git would refuse)
// in a clone of the attacker's, committed on main and pushed over smart HTTP as a user with write access. The user's
// repository is another clone, and the product fetches the task's branch into it as for any task.
import { execFile, execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { promisify } from 'node:util';
import { startSandbox, type Sandbox } from '../../../../src/sandbox';
import { WorldBuilder } from '../../sandbox/helpers';
import { IDENT, Repo } from './gitRepo';

export const FILES: Record<string, string> = {
  'README.md': '# app\n',
  'src/a.txt': 'line 1\nline 2\nline 3\n',
  'docs/guide.md': '# guide\n',
};

const run = promisify(execFile);

/** git that talks to the sandbox: never synchronous, since the sandbox answers from this very process. */
export async function gitAsync(cwd: string, args: string[], env: NodeJS.ProcessEnv = process.env): Promise<string> {
  return (await run('git', args, { cwd, env: { ...env, ...IDENT, GIT_TERMINAL_PROMPT: '0' } })).stdout.trim();
}

export type Entry = { mode: string; name: string; sha: string };

export class HostileRemote {
  private constructor(
    private readonly sb: Sandbox,
    private readonly token: string,
    private readonly attacker: string,
  ) {}

  static async start(): Promise<HostileRemote> {
    const b = new WorldBuilder();
    const ana = b.user('ana');
    b.repo('ana', 'app');
    const token = b.fineGrained(ana, { agent_tasks: 'write', contents: 'write' });
    const world = b.build();
    world.repositories[0].git = { files: FILES };
    const sb = await startSandbox({ world, stepMs: 0 });
    const attacker = fs.mkdtempSync(path.join(os.tmpdir(), 'land-attacker-'));
    const remote = new HostileRemote(sb, token, attacker);
    await gitAsync(os.tmpdir(), ['clone', '-q', remote.url, attacker], remote.env());
    return remote;
  }

  get url(): string {
    return `${this.sb.url}/ana/app.git`;
  }

  private env(): NodeJS.ProcessEnv {
    return { ...process.env, ...IDENT, GIT_TERMINAL_PROMPT: '0', PUSH_TOKEN: this.token };
  }

  /** git in the attacker's clone. */
  git(args: string[], input?: string | Buffer): string {
    return execFileSync('git', args, { cwd: this.attacker, env: this.env(), input, encoding: 'utf8' }).trim();
  }

  blob(content: string | Buffer): string {
    return this.git(['hash-object', '-w', '--stdin'], content);
  }

  /** A tree of exactly these entries, in this order (git would sort them; a hostile tree need not be sorted). */
  tree(entries: Entry[]): string {
    const input = entries.map(e => `${e.mode} ${e.mode === '040000' ? 'tree' : 'blob'} ${e.sha}\t${e.name}\0`).join('');
    return this.git(['mktree', '-z', '--missing'], input);
  }

  /** main's root entries, to build on. */
  mainEntries(): Entry[] {
    return this.git(['ls-tree', '-z', 'origin/main'])
      .split('\0')
      .filter(Boolean)
      .map(l => {
        const m = /^(\d+) \w+ ([0-9a-f]+)\t(.+)$/.exec(l)!;
        return { mode: m[1], sha: m[2], name: m[3] };
      });
  }

  /** A commit on main with this root tree, pushed as the branch; its id. */
  async push(branch: string, root: string, parent = 'origin/main'): Promise<string> {
    const commit = this.git(['commit-tree', '-p', parent, '-m', `hostile ${branch}`, root]);
    await gitAsync(
      this.attacker,
      [
        '-c',
        'credential.helper=!f() { test "$1" = get && echo username=x && echo "password=$PUSH_TOKEN"; }; f',
        'push',
        '-q',
        'origin',
        `${commit}:refs/heads/${branch}`,
      ],
      this.env(),
    );
    return commit;
  }

  /** The user's repository: a clone of ana/app, on main. */
  async userRepo(): Promise<Repo> {
    const r = new Repo('');
    await gitAsync(r.root, ['clone', '-q', this.url, '.']);
    return r;
  }

  async close(): Promise<void> {
    await this.sb.close();
    fs.rmSync(this.attacker, { recursive: true, force: true });
  }
}

/** A folder outside the repository with one file, and what it holds (names and bytes), to see nothing reached it. */
export class Sentinel {
  readonly dir = fs.mkdtempSync(path.join(os.tmpdir(), 'land-sentinel-'));

  constructor() {
    fs.writeFileSync(path.join(this.dir, 'keep.txt'), 'untouched\n');
  }

  state(): string {
    return JSON.stringify(fs.readdirSync(this.dir).map(n => [n, fs.readFileSync(path.join(this.dir, n), 'utf8')]));
  }

  remove(): void {
    fs.rmSync(this.dir, { recursive: true, force: true });
  }
}
