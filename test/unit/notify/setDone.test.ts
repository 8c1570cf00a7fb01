import * as assert from 'node:assert/strict';
import { AttemptSets, type AttemptStart } from '../../../src/model/attemptSets';
import type { LinkMemento } from '../../../src/model/continuationLinks';
import { SetDone } from '../../../src/notify/setDone';

function memento(): LinkMemento {
  const data: Record<string, unknown> = {};
  return {
    get: <T>(key: string) => data[key] as T | undefined,
    update: async (key: string, value: unknown) => void (data[key] = JSON.parse(JSON.stringify(value))),
  };
}

const start: AttemptStart = {
  repo: 'acme/rocket',
  prompt: 'Make countdown reject negative numbers',
  base_ref: 'main',
  head_ref: '',
  create_pull_request: false,
  custom_agent: '',
};

describe('SetDone: one notification for a whole set of attempts', () => {
  let sets: AttemptSets;
  const states = new Map<string, string>();
  let done: SetDone;
  let setId = '';

  beforeEach(async () => {
    sets = new AttemptSets(memento());
    states.clear();
    const set = await sets.create(start, ['model-a', 'model-b', 'model-c']);
    setId = set.id;
    for (const [i, id] of ['t1', 't2', 't3'].entries()) {
      await sets.noteStarted(set.id, i, id);
      states.set(id, 'in_progress');
    }
    done = new SetDone(sets, id => states.get(id));
  });

  /** The task moves to `to` in the model (as the store holds it when the transition is heard), then is considered. */
  const move = (id: string, to: string) => {
    states.set(id, to);
    return done.consider(id, to);
  };

  it('holds each attempt until the last is done, then tells the set once, with its counts', () => {
    assert.deepEqual(move('t1', 'completed'), { kind: 'hold' });
    assert.deepEqual(move('t2', 'failed'), { kind: 'hold' });
    const last = move('t3', 'completed');
    assert.deepEqual(last, {
      kind: 'news',
      news: {
        setId,
        text: '3 attempts of “Make countdown reject negative numbers” done: 2 finished, 1 failed.',
        // For the system's notification: a title (the set's name, as typed) above a body.
        name: 'Make countdown reject negative numbers',
        body: '3 attempts done: 2 finished, 1 failed',
        level: 'warning',
      },
    });
    // The same outcome heard again (two transitions of one poll, a repeated answer) is not told twice.
    assert.deepEqual(done.consider('t3', 'completed'), { kind: 'hold' });
    assert.deepEqual(done.consider('t1', 'completed'), { kind: 'hold' });
  });

  it('says info when every attempt finished, and counts timed-out attempts apart', () => {
    move('t1', 'completed');
    move('t2', 'completed');
    const all = move('t3', 'completed');
    assert.equal(all?.kind === 'news' && all.news.level, 'info');
    assert.equal(all?.kind === 'news' && all.news.text.endsWith('done: 3 finished.'), true);
    const again = new SetDone(sets, id => (id === 't2' ? 'timed_out' : 'completed'));
    const r = again.consider('t2', 'timed_out');
    assert.equal(r?.kind === 'news' && r.news.text.endsWith('done: 2 finished, 1 timed out.'), true);
  });

  it('leaves a task that is no attempt, or a state that does not end one, to the ordinary notification', () => {
    assert.equal(done.consider('other', 'completed'), undefined);
    assert.equal(move('t1', 'waiting_for_user'), undefined);
  });

  it('counts only attempts that started: one that failed to start does not keep the set from being done', async () => {
    const set = await sets.create(start, ['a', 'b']);
    await sets.noteStarted(set.id, 0, 'u1');
    await sets.noteFailed(set.id, 1, 'refused');
    const r = done.consider('u1', 'completed');
    const text = '1 attempt of “Make countdown reject negative numbers” done: 1 finished.';
    assert.equal(r?.kind === 'news' && r.news.text, text);
  });

  it('a sibling the model does not hold is not done: the set waits', () => {
    states.delete('t2');
    move('t1', 'completed');
    assert.deepEqual(move('t3', 'completed'), { kind: 'hold' });
  });
});
