import * as assert from 'node:assert/strict';
import { STATE_KEYS } from '../../../src/ids';
import { AttemptSets, firstLine, type AttemptStart } from '../../../src/model/attemptSets';
import type { LinkMemento } from '../../../src/model/continuationLinks';

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

const start: AttemptStart = {
  repo: 'acme/rocket',
  prompt: '\n  Make countdown reject negative numbers  \nand say why',
  base_ref: 'main',
  head_ref: '',
  create_pull_request: true,
  custom_agent: '',
};

describe('AttemptSets', () => {
  it('writes a set down with every attempt planned, named after the prompt, and says so', async () => {
    const state = memento();
    const sets = new AttemptSets(state);
    const told: string[] = [];
    sets.onDidChange(id => told.push(id));
    const set = await sets.create(start, ['model-a', 'model-b', 'model-a'], 1000);
    assert.equal(set.id, 'set-1');
    assert.equal(set.name, 'Make countdown reject negative numbers');
    assert.deepEqual(set.attempts, [{ model: 'model-a' }, { model: 'model-b' }, { model: 'model-a' }]);
    assert.deepEqual(sets.pending(set.id), [0, 1, 2]);
    assert.deepEqual(told, ['set-1']);
    // Another window (or a reload) reads the same state.
    assert.deepEqual(new AttemptSets(state).get('set-1'), set);
  });

  it('starts only what is still planned or failed: a retry never starts an attempt twice', async () => {
    const sets = new AttemptSets(memento());
    const set = await sets.create(start, ['a', 'b', 'c']);
    await sets.noteStarted(set.id, 0, 'task-1');
    await sets.noteFailed(set.id, 1, 'The service refused the model.');
    assert.deepEqual(sets.pending(set.id), [1, 2]);
    assert.equal(sets.get(set.id)?.attempts[1].failure, 'The service refused the model.');
    await sets.noteStarted(set.id, 1, 'task-2');
    assert.deepEqual(sets.get(set.id)?.attempts[1], { model: 'b', taskId: 'task-2' });
    // A failure heard late for an attempt that has its task changes nothing.
    await sets.noteFailed(set.id, 1, 'late');
    assert.deepEqual(sets.get(set.id)?.attempts[1], { model: 'b', taskId: 'task-2' });
    assert.deepEqual(sets.pending(set.id), [2]);
    assert.deepEqual(sets.ofTask('task-2'), { set: sets.get(set.id), index: 1 });
    assert.equal(sets.ofTask('task-9'), undefined);
  });

  it('two sets of one prompt stay apart', async () => {
    const sets = new AttemptSets(memento());
    const one = await sets.create(start, ['a', 'b']);
    const two = await sets.create(start, ['a', 'b']);
    assert.notEqual(one.id, two.id);
    await sets.noteStarted(two.id, 0, 't2');
    assert.equal(sets.ofTask('t2')?.set.id, two.id);
    assert.deepEqual(sets.pending(one.id), [0, 1]);
  });

  it('sets an attempt or a whole set aside, and back', async () => {
    const sets = new AttemptSets(memento());
    const set = await sets.create(start, ['a', 'b']);
    await sets.noteStarted(set.id, 0, 't1');
    await sets.noteStarted(set.id, 1, 't2');
    await sets.setAside(set.id, true, 1);
    assert.equal(sets.isAside('t1'), false);
    assert.equal(sets.isAside('t2'), true);
    await sets.setAside(set.id, true);
    assert.equal(sets.isAside('t1'), true);
    await sets.setAside(set.id, false);
    assert.equal(sets.isAside('t1'), false);
    assert.equal(sets.isAside('t2'), true);
    await sets.setAside(set.id, false, 1);
    assert.equal(sets.isAside('t2'), false);
    assert.equal(sets.isAside('unknown'), false);
  });

  it('refuses a set of one or of five attempts', async () => {
    const sets = new AttemptSets(memento());
    await assert.rejects(sets.create(start, ['a']), RangeError);
    await assert.rejects(sets.create(start, ['a', 'b', 'c', 'd', 'e']), RangeError);
    assert.deepEqual(sets.list(), []);
  });

  it('ignores what is not a set in a damaged or older state, keeping the rest', async () => {
    const good = {
      id: 'set-3',
      name: 'n',
      start,
      createdAt: 5,
      attempts: [{ model: 'a', taskId: 't' }, { model: '' }],
    };
    const state = memento({
      [STATE_KEYS.attemptSets]: [
        null,
        'set-1',
        { ...good, id: 'x' },
        { ...good, id: 'set-4', attempts: [{ model: 'a' }] },
        { ...good, id: 'set-5', start: { ...start, create_pull_request: 'yes' } },
        { ...good, id: 'set-6', attempts: [{ model: 1 }, { model: 'b' }] },
        good,
      ],
    });
    const sets = new AttemptSets(state);
    assert.deepEqual(
      sets.list().map(s => s.id),
      ['set-3'],
    );
    assert.equal(sets.ofTask('t')?.index, 0);
    assert.deepEqual(new AttemptSets(memento({ [STATE_KEYS.attemptSets]: { not: 'a list' } })).list(), []);
    // A new set takes a number none has.
    assert.equal((await sets.create(start, ['a', 'b'])).id, 'set-4');
  });

  it('names a set by the first line of its prompt, shortened', () => {
    assert.equal(firstLine('\n\nFix it\nmore'), 'Fix it');
    assert.equal(firstLine('x'.repeat(200)).length, 120);
  });
});

describe('AttemptSets: showing what was set aside', () => {
  it('is off at first, kept in workspace state, says so once, and tells whether anything is set aside', async () => {
    const state = memento();
    const sets = new AttemptSets(state);
    const told: string[] = [];
    sets.onDidChange(id => told.push(id));
    assert.equal(sets.showingAside(), false);
    await sets.showAside(true);
    await sets.showAside(true);
    assert.equal(new AttemptSets(state).showingAside(), true);
    assert.deepEqual(told, ['']);
    await sets.showAside(false);
    assert.equal(sets.showingAside(), false);
    assert.equal(state.data[STATE_KEYS.attemptSetsAsideShown], false);
    const set = await sets.create(start, ['a', 'b']);
    assert.equal(sets.anyAside(), false);
    await sets.setAside(set.id, true, 1);
    assert.equal(sets.anyAside(), true);
  });
});
