// What the next window's sweep of Undo's folders keeps: an apply cut off (its journal still `writing`) and the newest
// Undo records of windows gone; it clears the rest of theirs (folders of merges, the oldest records). A journal is
// written whole or not at all, and its writer is known gone by its process or by the machine's start.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import {
  RECORDS_KEPT,
  bootTime,
  pending,
  readJournal,
  writeJournal,
  writerGone,
  type Journal,
} from '../../../../src/changes/land/journal';
import { undoFolder } from '../../../../src/changes/land/undoStore';

/** The id of a process that has ended. */
const deadPid = (): number => spawnSync(process.execPath, ['-e', '']).pid;

const journal = (pid: number, at: number, state: Journal['state']): Journal => ({
  v: 1,
  state,
  pid,
  boot: bootTime(),
  at,
  taskId: 't',
  label: 'T (b)',
  root: '/nowhere',
  entries: [],
  made: [],
});

describe('land: what the sweep of windows gone keeps', () => {
  let storage = '';
  beforeEach(() => (storage = fs.mkdtempSync(path.join(os.tmpdir(), 'land-records-'))));
  afterEach(() => fs.rmSync(storage, { recursive: true, force: true }));

  it('keeps an apply cut off and the newest records, clears the rest of windows gone, and none of a live one', async () => {
    const gone = deadPid();
    const base = path.join(storage, 'undo');
    const folder = (name: string) => {
      const dir = path.join(base, name);
      fs.mkdirSync(dir, { recursive: true });
      fs.writeFileSync(path.join(dir, '0'), 'a copy');
      return dir;
    };
    const records: string[] = [];
    for (let i = 0; i < RECORDS_KEPT + 3; i++) {
      const dir = folder(`${gone}-${1000 + i}-${i}`);
      await writeJournal(dir, journal(gone, 1000 + i, 'done'));
      records.push(dir);
    }
    const cut = folder(`${gone}-1-99`);
    await writeJournal(cut, journal(gone, 1, 'writing'));
    const merges = folder(`${gone}-5000-100`);
    const half = folder(`${gone}-5001-101`);
    fs.writeFileSync(path.join(half, 'journal.json.tmp'), '{"v":1,'); // cut off while its journal was written
    const live = folder(`${process.pid}-1-102`);

    // What a start reads before anything else: one apply to ask about, and records for Undo Last Apply.
    assert.deepEqual(await pending(storage), { interrupted: 1, undo: RECORDS_KEPT + 3 });
    await undoFolder(storage);
    assert.deepEqual(await pending(storage), { interrupted: 1, undo: RECORDS_KEPT });

    const left = new Set(fs.readdirSync(base).map(n => path.join(base, n)));
    assert.ok(left.has(cut), 'the apply cut off is kept');
    for (const r of records.slice(-RECORDS_KEPT)) assert.ok(left.has(r), `${r}: one of the newest records`);
    for (const r of records.slice(0, 3)) assert.ok(!left.has(r), `${r}: older than the newest kept`);
    assert.ok(!left.has(merges) && !left.has(half), 'folders with no journal of windows gone are cleared');
    assert.ok(left.has(live), "this window's own folder stays");
    assert.equal(fs.readFileSync(path.join(cut, '0'), 'utf8'), 'a copy', 'the copies stay with their journal');
  });

  it('a journal is read whole or not at all; its writer is gone when its process ended or the machine started again', async () => {
    const dir = fs.mkdtempSync(path.join(storage, 'j-'));
    fs.writeFileSync(path.join(dir, 'journal.json'), '{"v":1,"state":"writ');
    assert.equal(await readJournal(dir), undefined);
    await writeJournal(dir, journal(process.pid, 1, 'writing'));
    assert.equal((await readJournal(dir))?.state, 'writing');
    assert.equal(fs.existsSync(path.join(dir, 'journal.json.tmp')), false);
    assert.equal(writerGone({ pid: process.pid, boot: bootTime() }), false, 'this process');
    assert.equal(writerGone({ pid: deadPid(), boot: bootTime() }), true, 'a process that ended');
    assert.equal(writerGone({ pid: process.pid, boot: bootTime() - 3_600_000 }), true, 'an earlier start');
  });
});
