// A throw-away git repository for the land tests: a base branch, an agent's branch made from it, and our refs to
// both, as the Changes fetch leaves them (`refs/agent-tasks/<id>/{base,head}`).
import { execFileSync } from 'node:child_process';
import * as crypto from 'node:crypto';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';

export const IDENT = {
  GIT_AUTHOR_NAME: 'T',
  GIT_AUTHOR_EMAIL: 't@example.invalid',
  GIT_COMMITTER_NAME: 'T',
  GIT_COMMITTER_EMAIL: 't@example.invalid',
};

export class Repo {
  readonly root = fs.mkdtempSync(path.join(os.tmpdir(), 'land-test-'));
  /** The extension's storage folder (Undo's copies), outside the repository. */
  readonly storage = fs.mkdtempSync(path.join(os.tmpdir(), 'land-storage-'));

  /** `empty`: an empty folder, for a clone the caller makes; else a new repository on main. */
  constructor(empty?: '') {
    if (empty === undefined) this.git('init', '-q', '--initial-branch=main');
  }

  git(...args: string[]): string {
    return this.gitInput('', ...args);
  }

  /** git reading `input` on stdin. */
  gitInput(input: string | Buffer, ...args: string[]): string {
    return execFileSync('git', args, {
      input,
      cwd: this.root,
      env: { ...process.env, ...IDENT },
      encoding: 'utf8',
      stdio: ['pipe', 'pipe', 'pipe'],
      maxBuffer: 1 << 28,
    });
  }

  write(rel: string, content: string | Buffer): void {
    const abs = path.join(this.root, rel);
    fs.mkdirSync(path.dirname(abs), { recursive: true });
    fs.writeFileSync(abs, content);
  }

  read(rel: string): string | undefined {
    const abs = path.join(this.root, rel);
    return fs.existsSync(abs) ? fs.readFileSync(abs, 'utf8') : undefined;
  }

  commitAll(message: string): string {
    this.git('add', '-A');
    this.git('commit', '-q', '-m', message);
    return this.git('rev-parse', 'HEAD').trim();
  }

  /** What must not move: branches (but `except`), HEAD, the index file's bytes, the stash. */
  untouchable(except?: string): string {
    const index = fs.readFileSync(path.join(this.root, '.git', 'index'));
    const refs = this.git('for-each-ref', '--format=%(refname) %(objectname)', 'refs/heads', 'refs/stash')
      .split('\n')
      .filter(l => except === undefined || !l.startsWith(`refs/heads/${except} `));
    return JSON.stringify({
      refs,
      head: this.git('symbolic-ref', 'HEAD'),
      at: this.git('rev-parse', 'HEAD'),
      index: crypto.createHash('sha256').update(index).digest('hex'),
    });
  }

  /** A commit's files with their blob ids, as `files()` gives the working tree's. */
  tree(rev: string): Record<string, string> {
    const out: Record<string, string> = {};
    for (const line of this.git('ls-tree', '-r', '-z', rev).split('\0')) {
      const m = /^\d+ blob ([0-9a-f]+)\t([\s\S]+)$/.exec(line);
      if (m) out[m[2]] = m[1];
    }
    return out;
  }

  /** The working tree's files (not .git) with their blob ids (what `git hash-object` gives). */
  files(): Record<string, string> {
    const out: Record<string, string> = {};
    const walk = (dir: string): void => {
      for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
        if (e.name === '.git') continue;
        const abs = path.join(dir, e.name);
        const rel = path.relative(this.root, abs).split(path.sep).join('/');
        if (e.isSymbolicLink()) out[rel] = `link:${fs.readlinkSync(abs)}`;
        else if (e.isDirectory()) walk(abs);
        else {
          const bytes = fs.readFileSync(abs);
          const blob = crypto.createHash('sha1').update(`blob ${bytes.length}\0`).update(bytes).digest('hex');
          out[path.relative(this.root, abs).split(path.sep).join('/')] = blob;
        }
      }
    };
    walk(this.root);
    return out;
  }

  /** A hash of every file under .git (names, bytes, modes): what an apply must leave as it is. */
  gitDirHash(): string {
    const h = crypto.createHash('sha256');
    const walk = (dir: string): void => {
      for (const e of fs.readdirSync(dir, { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : 1))) {
        const abs = path.join(dir, e.name);
        const st = fs.lstatSync(abs);
        h.update(`${path.relative(this.root, abs)} ${st.mode}\0`);
        if (e.isDirectory()) walk(abs);
        else if (e.isSymbolicLink()) h.update(fs.readlinkSync(abs));
        else h.update(fs.readFileSync(abs));
      }
    };
    walk(path.join(this.root, '.git'));
    return h.digest('hex');
  }

  remove(): void {
    fs.rmSync(this.root, { recursive: true, force: true });
    fs.rmSync(this.storage, { recursive: true, force: true });
  }
}
