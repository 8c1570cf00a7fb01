import * as assert from 'node:assert/strict';
import { STATE_KEYS } from '../../../src/ids';
import { ContinuationLinks, type LinkMemento } from '../../../src/model/continuationLinks';

/** A workspace state in memory, as VS Code's Memento keeps it (values go through JSON). */
function memento(initial: Record<string, unknown> = {}): LinkMemento & { data: Record<string, unknown> } {
  const data: Record<string, unknown> = { ...initial };
  return {
    data,
    get: <T>(key: string) => data[key] as T | undefined,
    update: async (key: string, value: unknown) => {
      data[key] = JSON.parse(JSON.stringify(value));
    },
  };
}

describe('ContinuationLinks', () => {
  it('remembers which task a new one continues, and says so', async () => {
    const state = memento();
    const links = new ContinuationLinks(state);
    const told: string[] = [];
    links.onDidChange(id => told.push(id));
    assert.equal(links.of('new'), undefined);
    await links.remember('new', { id: 'old', name: 'Fix the login' });
    assert.deepEqual(links.of('new'), { id: 'old', name: 'Fix the login' });
    assert.deepEqual(told, ['new']);
    // Another window (or a reload) reads the same state.
    assert.deepEqual(new ContinuationLinks(state).of('new'), { id: 'old', name: 'Fix the login' });
  });

  it('keeps the newest 500 links only', async () => {
    const links = new ContinuationLinks(memento());
    for (let i = 0; i < 505; i++) await links.remember(`t${i}`, { id: `o${i}`, name: `n${i}` });
    assert.equal(links.of('t504')?.id, 'o504');
    assert.equal(links.of('t5')?.id, 'o5');
    assert.equal(links.of('t0'), undefined, 'the oldest went');
  });

  it('reads a damaged state as no link, without throwing', () => {
    for (const bad of [null, 'x', 42, { t: { id: 'o', name: 'n' } }, [null, 1, { task: 't', id: 1, name: 'n' }]]) {
      const links = new ContinuationLinks(memento({ [STATE_KEYS.continuations]: bad }));
      assert.equal(links.of('t'), undefined, JSON.stringify(bad));
    }
  });
});

describe('ContinuationLinks: the branch tip when a continuation started', () => {
  it('records the tip once, keeps links stored before tips were recorded readable, drops a tip that is no id', async () => {
    const old = [{ task: 'new', id: 'old', name: 'Fix the login' }];
    const state = memento({ [STATE_KEYS.continuations]: old });
    const links = new ContinuationLinks(state);
    assert.deepEqual(links.list(), old);
    await links.noteTip('new', 'not a commit');
    assert.equal(links.list()[0].tip, undefined);
    await links.noteTip('new', 'a'.repeat(40));
    await links.noteTip('new', 'b'.repeat(40));
    assert.deepEqual(new ContinuationLinks(state).list(), [{ ...old[0], tip: 'a'.repeat(40) }]);
    assert.deepEqual(links.of('new'), { id: 'old', name: 'Fix the login' });
    const odd = memento({ [STATE_KEYS.continuations]: [{ ...old[0], tip: 42 }] });
    assert.deepEqual(new ContinuationLinks(odd).list(), old);
  });
});
