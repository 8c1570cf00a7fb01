// An apply cut off (SIGKILL) at any point of its writes leaves a journal the next start finds: putting back leaves the
// tree exactly as before (bytes, modes, links, files that were not there gone, `git status` as it was), finishing
// leaves it exactly as a whole apply would, and the finished apply's Undo puts it back. A child process runs the real
// land on a real repository and stops dead at a change chosen by a seeded random; the parent kills it there.
import assert from 'node:assert/strict';
import { execFileSync, spawn } from 'node:child_process';
import * as crypto from 'node:crypto';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { interrupted, journals } from '../../../../src/changes/land/journal';
import { finish, putBack } from '../../../../src/changes/land/recover';
import { undoLanded } from '../../../../src/changes/land/land';
import { LandHistory } from '../../../../src/changes/land/landHistory';
import { undoFolder } from '../../../../src/changes/land/undoStore';
import { Repo } from './gitRepo';

const CHILD = path.join(__dirname, 'landChild.js');
const RUNS = 20;

/** A seeded random (mulberry32): the same runs every time. */
function seeded(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Every path under the root but .git: a file's mode and bytes' hash, a link's target, an empty folder. */
function picture(root: string): string {
  const out: string[] = [];
  const walk = (dir: string): void => {
    const names = fs.readdirSync(dir).sort();
    if (!names.length && dir !== root) out.push(`${path.relative(root, dir)}/ empty`);
    for (const name of names) {
      if (name === '.git') continue;
      const abs = path.join(dir, name);
      const rel = path.relative(root, abs);
      const st = fs.lstatSync(abs);
      if (st.isSymbolicLink()) out.push(`${rel} -> ${fs.readlinkSync(abs)}`);
      else if (st.isDirectory()) walk(abs);
      else
        out.push(
          `${rel} ${(st.mode & 0o777).toString(8)} ${crypto.createHash('sha256').update(fs.readFileSync(abs)).digest('hex')}`,
        );
    }
  };
  walk(root);
  const status = execFileSync('git', ['status', '--porcelain', '--untracked-files=all'], {
    cwd: root,
    encoding: 'utf8',
  });
  return `${out.join('\n')}\n--- git status\n${status}`;
}

/** The base and the agent's branch: files changed, made, removed, renamed, made executable, a link, deep folders. */
function template(): Repo {
  const r = new Repo();
  for (let i = 0; i < 12; i++) r.write(`src/m${i}.txt`, `module ${i}\n`.repeat(20));
  r.write('old.txt', 'to be removed\n');
  r.write('gone/only.txt', 'its folder goes with it\n');
  r.write('run.sh', 'echo hi\n');
  r.write('bin.dat', crypto.randomBytes(3000));
  r.write('rename-me.txt', 'moving\n');
  r.commitAll('base');
  r.git('checkout', '-q', '-b', 'agent/work');
  for (let i = 0; i < 12; i += 2) r.write(`src/m${i}.txt`, `module ${i}, changed\n`.repeat(21));
  r.git('rm', '-q', 'old.txt', 'gone/only.txt');
  r.write('run.sh', 'echo hello\n');
  fs.chmodSync(path.join(r.root, 'run.sh'), 0o755);
  r.write('bin.dat', crypto.randomBytes(5000));
  r.git('rm', '-q', 'rename-me.txt');
  r.write('moved/here.txt', 'moving\n');
  for (let i = 0; i < 5; i++) r.write(`new/deep/n${i}.txt`, `new ${i}\n`);
  fs.symlinkSync('src/m1.txt', path.join(r.root, 'link'));
  r.commitAll('agent');
  r.git('update-ref', 'refs/agent-tasks/t1/head', 'agent/work');
  r.git('update-ref', 'refs/agent-tasks/t1/base', 'main');
  r.git('checkout', '-q', 'main');
  r.git('branch', '-q', '-D', 'agent/work');
  // The user's own untracked file, beside the agent's: it stays through everything.
  r.write('src/notes.local', 'mine\n');
  return r;
}

/** A window after a reload (a history of its own, empty) takes up the record on disk and Undo puts back `before`. */
async function undoAfterReload(storage: string, before: string, root: string): Promise<void> {
  const history = new LandHistory(() => undefined);
  assert.equal(history.takeApply(), undefined, 'nothing in memory');
  await history.adopt(storage);
  const entry = history.takeApply();
  assert.equal(entry?.label, 'Tidy the tree (agent/work)');
  const undone = await undoLanded(entry.landed);
  assert.deepEqual(undone.changedSince, []);
  assert.equal(picture(root), before, 'undone from the record on disk');
  assert.deepEqual(await journals(storage), [], 'the record is gone once undone');
}

interface Run {
  root: string;
  storage: string;
  out: string;
  killed: boolean;
}

/** Runs the child on a copy of the template; kills it where it stops (at change `stopAt`), or lets it finish. */
function run(from: Repo, stopAt: number, when: 'before' | 'after'): Promise<Run> {
  const base = fs.mkdtempSync(path.join(os.tmpdir(), 'land-cut-'));
  const root = path.join(base, 'repo');
  const storage = path.join(base, 'storage');
  fs.cpSync(from.root, root, { recursive: true, verbatimSymlinks: true });
  fs.mkdirSync(storage);
  const child = spawn(process.execPath, [CHILD], {
    env: { ...process.env, LAND_ROOT: root, LAND_STORAGE: storage, LAND_STOP_AT: String(stopAt), LAND_STOP_WHEN: when },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  let err = '';
  let killed = false;
  child.stdout.on('data', (b: Buffer) => {
    out += b.toString();
    if (!killed && out.includes('STOPPED')) killed = child.kill('SIGKILL');
  });
  child.stderr.on('data', (b: Buffer) => (err += b.toString()));
  return new Promise((resolve, reject) =>
    child.on('exit', (code, signal) => {
      if (code !== 0 && signal !== 'SIGKILL') reject(new Error(`the child failed (${code}): ${err}`));
      else resolve({ root, storage, out, killed });
    }),
  );
}

describe('land: an apply cut off', function () {
  this.timeout(60_000);
  const made: string[] = [];
  let tpl: Repo;
  after(() => {
    tpl?.remove();
    for (const d of made) fs.rmSync(d, { recursive: true, force: true });
  });

  it(`killed at ${RUNS} points of its writes, is put back or finished exactly, and a finished one is undone exactly`, async () => {
    tpl = template();
    const before = picture(tpl.root);
    const whole = await run(tpl, -1, 'before');
    made.push(path.dirname(whole.root));
    const ops = JSON.parse(/^DONE \d+ (.*)$/m.exec(whole.out)![1]) as string[];
    const applied = picture(whole.root);
    assert.notEqual(applied, before);
    await undoFolder(whole.storage); // the next window's sweep of folders whose window is gone
    await undoAfterReload(whole.storage, before, whole.root);
    const tree = ops.flatMap((o, i) => (o.startsWith('tree ') ? [i + 1] : []));
    assert.ok(tree.length >= 30, `the writes make ${tree.length} changes in the tree`);
    const paths = tpl
      .git('diff', '--name-only', '--no-renames', 'main', 'refs/agent-tasks/t1/head')
      .trim()
      .split('\n').length;
    const random = seeded(41);
    let midWrite = 0;
    const seen: string[] = [];
    for (let i = 0; i < RUNS; i++) {
      // Most runs stop at a change in the tree; one in five anywhere (the copies, the journal, the last steps).
      const stopAt = i % 5 === 4 ? 1 + Math.floor(random() * ops.length) : tree[Math.floor(random() * tree.length)];
      const when = random() < 0.5 ? 'before' : 'after';
      const r = await run(tpl, stopAt, when);
      made.push(path.dirname(r.root));
      assert.ok(r.killed, `run ${i} stopped at change ${stopAt} of ${ops.length}`);
      const now = picture(r.root);
      await undoFolder(r.storage); // the next window's sweep keeps what it must
      const found = await interrupted(r.storage);
      if (!found.length) {
        // Stopped before its journal (nothing written yet) or after its Undo record (everything written).
        const done = (await journals(r.storage)).some(f => f.journal.state === 'done');
        assert.equal(now, done ? applied : before, `run ${i}: stopped at ${stopAt} ${when}, no journal cut off`);
        seen.push(`${stopAt}${when[0]}:${done ? 'done' : 'none'}`);
        continue;
      }
      assert.equal(found.length, 1);
      if (now !== before && now !== applied) midWrite++;
      assert.equal(found[0].journal.label, 'Tidy the tree (agent/work)');
      assert.equal(found[0].journal.entries.length, paths, 'the journal names every path');
      if (i % 2 === 0) {
        const back = await putBack(found[0]);
        assert.deepEqual(back.left, []);
        assert.equal(picture(r.root), before, `run ${i}: put back after a stop at ${stopAt} ${when}`);
        assert.deepEqual(await journals(r.storage), [], 'the journal and its copies are gone once put back');
        seen.push(`${stopAt}${when[0]}:back`);
      } else {
        const done = await finish(found[0]);
        assert.deepEqual(done.left, []);
        assert.equal(picture(r.root), applied, `run ${i}: finished after a stop at ${stopAt} ${when}`);
        // The finished apply is an Undo record like any: a reload's window takes it back from disk.
        await undoAfterReload(r.storage, before, r.root);
        seen.push(`${stopAt}${when[0]}:finish`);
      }
    }
    console.log(
      `      ${midWrite} of ${RUNS} kills landed mid-write (the tree neither as before nor as applied): ${seen.join(' ')}`,
    );
    assert.ok(midWrite >= RUNS / 2, `only ${midWrite} kills landed mid-write`);
  });
});
