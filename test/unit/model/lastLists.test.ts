// The last lists a workspace saw, as kept in its storage: what is written (the rows' fields only, bounded), and each
// bad stored list ignored (an older version, a corrupted or cut write, another service's, a repository no longer open).
import * as assert from 'node:assert/strict';
import {
  decode,
  digest,
  encode,
  LAST_LISTS_KEY,
  LAST_LISTS_VERSION,
  LastListsStore,
  MOST_TASKS_KEPT,
  type LastLists,
} from '../../../src/model/lastLists';
import { aTask } from './builders';

const SERVICE = 'remote\nhttp://127.0.0.1:4000';
const FOLDERS = ['file:///work/rocket'];
const REPO = 'repo:acme/rocket';

function lastLists(over: Partial<LastLists> = {}): LastLists {
  return {
    service: SERVICE,
    user: 7,
    repo: REPO,
    folders: FOLDERS,
    savedAt: Date.UTC(2026, 0, 2),
    lists: { [REPO]: [aTask({ state: 'in_progress' }), aTask()], mine: [aTask()] },
    ...over,
  };
}

/** The text kept for these lists, with a body written as given (digest and all): a write of another shape. */
function keptBody(body: unknown, version = LAST_LISTS_VERSION): string {
  const text = JSON.stringify(body);
  return `${version}\n${digest(text)}\n${text}`;
}

const expected = { service: SERVICE, folders: FOLDERS };

describe('model/lastLists', () => {
  it('reads back what it wrote: the rows’ fields only, never anything else a task carries', () => {
    const kept = lastLists();
    const task = kept.lists[REPO][0] as Record<string, unknown>;
    task.url = 'http://127.0.0.1:4000/agents/repos/acme/rocket/tasks/x';
    task.sessions = [{ id: 's', prompt: 'secret prompt' }];
    task.extra = 'ghp_not_a_field_of_a_row';
    const text = encode(kept)!;
    assert.ok(!text.includes('secret prompt') && !text.includes('ghp_not') && !text.includes('/agents/repos/'));
    const read = decode(text, expected);
    assert.equal(read.ignored, 'none');
    assert.deepEqual(Object.keys(read.lists!.lists).sort(), ['mine', REPO].sort());
    assert.equal(read.lists!.lists[REPO][0].id, kept.lists[REPO][0].id);
    assert.equal(read.lists!.lists[REPO][0].state, 'in_progress');
    assert.equal(read.lists!.user, 7);
    assert.equal(read.lists!.repo, REPO);
  });

  it('keeps the first tasks of a list only, and writes nothing too long', () => {
    const many = Array.from({ length: MOST_TASKS_KEPT + 50 }, () => aTask());
    const read = decode(encode(lastLists({ lists: { mine: many } })), expected);
    assert.equal(read.lists!.lists.mine.length, MOST_TASKS_KEPT);
    assert.equal(read.lists!.lists.mine[0].id, many[0].id);
    const long = Array.from({ length: 100 }, () => aTask({ name: 'x'.repeat(10_000) }));
    assert.equal(encode(lastLists({ lists: { mine: long } })), undefined);
  });

  it('ignores a list of an older version', () => {
    const text = encode(lastLists())!;
    const older = `0${text.slice(String(LAST_LISTS_VERSION).length)}`;
    assert.deepEqual(decode(older, expected), { ignored: 'version' });
    // An older shape under the version it was written with.
    assert.deepEqual(decode(keptBody({ tasks: [aTask()] }, 0), expected), { ignored: 'version' });
  });

  it('ignores a corrupted list: cut short, altered, not text, or of another shape', () => {
    const text = encode(lastLists())!;
    // A write cut short (an interrupted write recovered).
    assert.deepEqual(decode(text.slice(0, text.length - 40), expected), { ignored: 'corrupted' });
    assert.deepEqual(decode(text.slice(0, 3), expected), { ignored: 'corrupted' });
    // One character altered.
    const at = text.indexOf('"name":"') + 8;
    assert.deepEqual(decode(`${text.slice(0, at)}Z${text.slice(at + 1)}`, expected), { ignored: 'corrupted' });
    for (const raw of [42, null, {}, ['1'], '', 'not kept'])
      assert.deepEqual(decode(raw, expected), { ignored: 'corrupted' }, JSON.stringify(raw));
    // Whole and with its digest, but not of the shape: a task without an id, a state that is no text, a list of
    // another key, no service.
    const good = JSON.parse(text.slice(text.indexOf('{'))) as LastLists;
    const bad = [
      { ...good, lists: { mine: [{ ...good.lists.mine[0], id: undefined }] } },
      { ...good, lists: { mine: [{ ...good.lists.mine[0], state: 3 }] } },
      { ...good, lists: { mine: [{ ...good.lists.mine[0], artifacts: [{ type: 'pull' }] }] } },
      { ...good, lists: { 'repo:other/one': good.lists.mine } },
      { ...good, service: undefined },
      { ...good, savedAt: 'yesterday' },
      [good],
    ];
    for (const body of bad) assert.deepEqual(decode(keptBody(body), expected), { ignored: 'corrupted' });
    assert.equal(decode(keptBody(good), expected).ignored, 'none', 'the same body, whole, is read');
  });

  it('ignores a list written by a window on another service address', () => {
    const text = encode(lastLists({ service: 'remote\nhttp://127.0.0.1:5000' }))!;
    assert.deepEqual(decode(text, expected), { ignored: 'service' });
    assert.deepEqual(decode(text, { ...expected, service: 'sandbox\nbuiltin-sandbox://local' }), {
      ignored: 'service',
    });
  });

  it('leaves out the list of a repository found in folders no longer open, and keeps the user’s own', () => {
    const text = encode(lastLists())!;
    const read = decode(text, { service: SERVICE, folders: ['file:///work/other'] });
    assert.equal(read.ignored, 'repository');
    assert.equal(read.lists!.repo, undefined);
    assert.deepEqual(Object.keys(read.lists!.lists), ['mine']);
    const onlyRepo = encode(lastLists({ lists: { [REPO]: [aTask()] } }))!;
    assert.deepEqual(decode(onlyRepo, { service: SERVICE, folders: [] }), { ignored: 'repository' });
  });

  it('writes through the storage whole, skips a write that changes nothing, and drops what it kept', async () => {
    const values = new Map<string, unknown>();
    const writes: unknown[] = [];
    const state = {
      get: <T>(key: string) => values.get(key) as T | undefined,
      update: async (key: string, value: unknown) => {
        writes.push(value);
        if (value === undefined) values.delete(key);
        else values.set(key, value);
      },
    };
    const kept = new LastListsStore(state, () => FOLDERS);
    assert.equal(kept.read(SERVICE).ignored, 'none');
    assert.equal(kept.read(SERVICE).lists, undefined);
    const { lists } = lastLists();
    kept.write({ service: SERVICE, user: 7, repo: REPO, lists }, 1000);
    kept.write({ service: SERVICE, user: 7, repo: REPO, lists }, 2000);
    assert.equal(writes.length, 1, 'the second write held the same lists');
    assert.equal(kept.read(SERVICE).lists!.savedAt, 1000);
    assert.equal(kept.read('remote\nhttp://elsewhere').lists, undefined);
    kept.drop();
    assert.equal(values.has(LAST_LISTS_KEY), false);
  });
});
