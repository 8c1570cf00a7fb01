// Nothing told twice across two windows of one workspace: each window claims a piece of news before telling it, in the
// workspace's storage. Tried here on the real file system, through the calls VS Code's disk provider makes for
// `workspace.fs` (a rename with `overwrite: false` looks for the target, then renames).
import assert from 'node:assert/strict';
import { promises as fs } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { Claims, type ClaimFs } from '../../../src/notify/claims';

const exists = (p: string) =>
  fs.stat(p).then(
    () => true,
    () => false,
  );

/** Node's file system as `workspace.fs` uses it on disk. */
const diskFs: ClaimFs = {
  createDirectory: p => fs.mkdir(p, { recursive: true }).then(() => undefined),
  writeFile: (p, content) => fs.writeFile(p, content),
  rename: async (from, to) => {
    if (await exists(to)) throw new Error(`${to} exists`);
    await fs.rename(from, to);
  },
  delete: p => fs.rm(p, { recursive: true, force: true }),
  exists,
  list: async p =>
    Promise.all(
      (await fs.readdir(p)).map(async name => ({ name, mtime: (await fs.stat(path.join(p, name))).mtimeMs })),
    ),
};

describe('notify: claims across windows', () => {
  let root: string;
  beforeEach(async () => {
    root = await fs.mkdtemp(path.join(os.tmpdir(), 'claims-'));
  });
  afterEach(() => fs.rm(root, { recursive: true, force: true }));

  it('of two windows claiming the same news at once, exactly one wins, every time', async () => {
    const a = new Claims(diskFs, root, 'window A');
    const b = new Claims(diskFs, root, 'window B');
    for (let i = 0; i < 60; i++) {
      const key = `task-${i}:completed:2026-12-07T19:00:00Z`;
      const won = await Promise.all([a.claim(key), b.claim(key)]);
      assert.equal(won.filter(Boolean).length, 1, `${key}: ${JSON.stringify(won)}`);
    }
    // Only the claims are left: no folder of a loser stays behind.
    const left = await fs.readdir(root);
    assert.equal(left.length, 60, left.join(', '));
    assert.ok(left.every(n => /^[0-9a-f]{64}$/.test(n)));
  });

  it('even when both pass the look before the rename (the disk decides, not the check)', async () => {
    let waiting: Array<() => void> = [];
    // Both windows look, find nothing, and only then rename.
    const slowCheck: ClaimFs = {
      ...diskFs,
      rename: async (from, to) => {
        const there = await exists(to);
        await new Promise<void>(resolve => {
          waiting.push(resolve);
          if (waiting.length < 2) return;
          waiting.forEach(r => r());
          waiting = [];
        });
        if (there) throw new Error(`${to} exists`);
        await fs.rename(from, to);
      },
    };
    const a = new Claims(slowCheck, root, 'window A');
    const b = new Claims(slowCheck, root, 'window B');
    for (let i = 0; i < 20; i++) {
      const won = await Promise.all([a.claim(`t${i}:waiting_for_user:1`), b.claim(`t${i}:waiting_for_user:1`)]);
      assert.equal(won.filter(Boolean).length, 1, `round ${i}: ${JSON.stringify(won)}`);
    }
  });

  it('news claimed once is not claimed again, by the same window or a window opened later', async () => {
    const a = new Claims(diskFs, root, 'window A');
    assert.equal(await a.claim('t1:completed:1'), true);
    assert.equal(await a.claim('t1:completed:1'), false);
    assert.equal(await new Claims(diskFs, root, 'window C').claim('t1:completed:1'), false);
    // Another state, or the same state at another time, is other news.
    assert.equal(await a.claim('t1:failed:1'), true);
    assert.equal(await a.claim('t1:completed:2'), true);
  });

  it('claims a week old are swept; recent ones stay', async () => {
    await new Claims(diskFs, root, 'window A').claim('old');
    const [claimed] = await fs.readdir(root);
    const weekAgo = new Date(Date.now() - 8 * 24 * 3600_000);
    await fs.utimes(path.join(root, claimed), weekAgo, weekAgo);
    const later = new Claims(diskFs, root, 'window B');
    assert.equal(await later.claim('new'), true);
    // The sweep runs after the first claim of a window, without holding it up.
    for (let i = 0; i < 100 && (await fs.readdir(root)).includes(claimed); i++)
      await new Promise(r => setTimeout(r, 10));
    assert.deepEqual((await fs.readdir(root)).length, 1);
    assert.ok(!(await fs.readdir(root)).includes(claimed), 'the old claim went');
    assert.equal(await later.claim('new'), false, 'the recent claim stayed');
  });
});
