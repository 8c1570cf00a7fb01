import * as assert from 'node:assert/strict';
import { TaskStore, type StoreChange } from '../../../src/model/taskStore';
import { aSession, aTask, later } from './builders';

describe('model/TaskStore', () => {
  let store: TaskStore;
  let events: StoreChange[];
  beforeEach(() => {
    store = new TaskStore();
    events = [];
    store.onDidChange(e => events.push(e));
  });

  it('has a version that moves on at every write, told or not', () => {
    const v0 = store.version;
    const a = aTask({ id: 'a' });
    store.replaceList('mine', [a]);
    const v1 = store.version;
    assert.notEqual(v1, v0);
    store.replaceList('mine', [{ ...a }]);
    assert.equal(events.length, 1, 'the same tasks again are not told');
    assert.notEqual(store.version, v1, 'but what was worked out from them is worked out again');
    const v2 = store.version;
    store.dropList('mine');
    assert.notEqual(store.version, v2);
  });

  it('orders a list by updated_at, newest first, and reports the membership change', () => {
    const a = aTask();
    const b = aTask();
    store.replaceList('r', [a, b]);
    assert.deepEqual(
      store.list('r').map(t => t.id),
      [b.id, a.id],
    );
    assert.equal(events.length, 1);
    assert.equal(events[0].membership, true);
    assert.deepEqual(events[0].changed, []);
  });

  it('keeps a task that two pages repeat once, in its most recent version', () => {
    const a = aTask({ state: 'in_progress' });
    const b = aTask();
    const aNewer = { ...a, state: 'completed', updated_at: later() };
    store.replaceList('r', [aNewer, b, a]);
    assert.deepEqual(
      store.list('r').map(t => t.id),
      [a.id, b.id],
    );
    assert.equal(store.get(a.id)?.state, 'completed');
  });

  it('says nothing when an identical list arrives again (a 304 answered from memory)', () => {
    const tasks = [aTask(), aTask()];
    store.replaceList('r', tasks);
    events.length = 0;
    store.replaceList(
      'r',
      tasks.map(t => ({ ...t })),
    );
    assert.equal(events.length, 0);
  });

  it('keeps the object of a task that arrives unchanged, and takes the new one of a task that changed at all', () => {
    const a = aTask({ state: 'in_progress' });
    const b = aTask();
    store.replaceList('r', [a, b]);
    const [keptA, keptB] = [store.get(a.id), store.get(b.id)];
    // A field the rows do not compare still makes a new object: whoever reads it sees what the service sent.
    const b2 = { ...b, repository: { id: 99 } } as typeof b;
    store.replaceList('r', [{ ...a, artifacts: [...(a.artifacts ?? [])] }, b2]);
    assert.equal(store.get(a.id), keptA, 'the same task, the same object: its picture and row are kept');
    assert.notEqual(store.get(b.id), keptB);
    assert.deepEqual(store.get(b.id)?.repository, { id: 99 });
  });

  it('reports the one task that changed, and its state transition, without a membership change', () => {
    const a = aTask({ state: 'in_progress' });
    const b = aTask({ state: 'queued' });
    store.replaceList('r', [a, b]);
    events.length = 0;
    const a2 = { ...a, state: 'completed', updated_at: a.updated_at };
    store.replaceList('r', [b, a2]);
    assert.equal(events.length, 1);
    assert.equal(events[0].membership, false);
    assert.deepEqual(events[0].changed, [a.id]);
    assert.deepEqual(
      events[0].transitions.map(t => [t.id, t.from, t.to]),
      [[a.id, 'in_progress', 'completed']],
    );
  });

  it('does not call the first sight of a task a transition', () => {
    store.replaceList('r', [aTask({ state: 'failed' })]);
    assert.deepEqual(events[0].transitions, []);
  });

  it('merges a first page into a longer list, keeping older tasks and dropping ones that left', () => {
    const old = [aTask(), aTask(), aTask(), aTask()]; // ascending updated_at
    store.replaceList('r', old);
    const moved = { ...old[0], state: 'failed', updated_at: later() };
    // old[3] was the newest; it is missing from a page whose oldest entry is older than it: it left the list.
    const page = [moved, old[2]];
    store.mergeTop('r', page, false);
    assert.deepEqual(
      store.list('r').map(t => t.id),
      [moved.id, old[2].id, old[1].id],
    );
    const last = events[events.length - 1];
    assert.equal(last.membership, true);
    assert.deepEqual(last.changed, [moved.id]);
  });

  it('treats a short page as the whole list', () => {
    const tasks = [aTask(), aTask(), aTask()];
    store.replaceList('r', tasks);
    store.mergeTop('r', [tasks[2]], true);
    assert.deepEqual(
      store.list('r').map(t => t.id),
      [tasks[2].id],
    );
  });

  it('keeps sessions with the version they were read for', () => {
    const t = aTask();
    store.replaceList('r', [t]);
    store.upsertTask({ ...t, sessions: [aSession(t)] });
    assert.equal(store.sessions(t.id)?.fresh, true);
    store.replaceList('r', [{ ...t, updated_at: later(), state: 'in_progress' }]);
    assert.equal(store.sessions(t.id)?.fresh, false);
    assert.equal(store.sessions(t.id)?.sessions.length, 1);
  });

  it('keeps html_url learned elsewhere when the user list omits it', () => {
    const t = aTask();
    store.replaceList('repo', [t]);
    const bare = { ...t };
    delete bare.url;
    delete bare.html_url;
    store.replaceList('mine', [bare]);
    assert.equal(store.get(t.id)?.html_url, t.html_url);
  });

  it('adds a just-started task at once to the lists it belongs to', () => {
    store.replaceList('r', [aTask()]);
    events.length = 0;
    const fresh = aTask({ state: 'queued', updated_at: later() });
    store.upsertTask(fresh, ['r', 'absent']);
    assert.equal(store.list('r')[0].id, fresh.id);
    assert.equal(events.length, 1);
    assert.equal(events[0].membership, true);
    assert.equal(store.hasList('absent'), false);
  });

  it('knows whether any task is queued or running', () => {
    store.replaceList('a', [aTask({ state: 'completed' })]);
    store.replaceList('b', [aTask({ state: 'in_progress' })]);
    assert.equal(store.anyActive(['a']), false);
    assert.equal(store.anyActive(['b']), true);
    assert.equal(store.anyActive(), true);
  });

  it('forgets tasks of a dropped list that no other list holds', () => {
    const shared = aTask();
    const only = aTask();
    store.replaceList('a', [shared, only]);
    store.replaceList('b', [shared]);
    store.dropList('a');
    assert.ok(store.get(shared.id));
    assert.equal(store.get(only.id), undefined);
  });

  it('accepts unknown states', () => {
    const t = aTask({ state: 'something_new' });
    store.replaceList('r', [t]);
    store.replaceList('r', [{ ...t, state: 'completed' }]);
    assert.equal(events[1].transitions[0].from, 'something_new');
  });

  it('does not call a change of order a change of membership', () => {
    const a = aTask();
    const b = aTask();
    store.replaceList('r', [a, b]);
    events.length = 0;
    store.replaceList('r', [{ ...a, updated_at: later(), state: 'in_progress' }, b]);
    assert.equal(store.list('r')[0].id, a.id, 'the list itself is by updated_at');
    assert.equal(events[0].membership, false);
    assert.deepEqual(events[0].changed, [a.id]);
  });

  it('takes the next read of a kept list (the last seen) as a first sighting: changed, but no transition', () => {
    const a = aTask({ id: 'a', state: 'in_progress' });
    store.keptList('r', [a]);
    events.length = 0;
    store.replaceList('r', [{ ...a, state: 'completed', updated_at: later() }]);
    assert.deepEqual(events[0].changed, ['a'], 'its row is drawn again');
    assert.deepEqual(events[0].transitions, [], 'what happened while the window was closed is not news');
    // Seen once, it is followed as ever.
    store.replaceList('r', [{ ...a, state: 'failed', updated_at: later() }]);
    assert.deepEqual(
      events[1].transitions.map(t => [t.from, t.to]),
      [['completed', 'failed']],
    );
  });
});
