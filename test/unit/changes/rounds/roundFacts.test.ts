import * as assert from 'node:assert/strict';
import type { Session, Task } from '../../../../src/api';
import { roundFacts, type RoundLink } from '../../../../src/changes/rounds/roundFacts';

const HEAD = 'agent/countdown';
const iso = (s: number) => new Date(Date.parse('2026-03-10T12:00:00Z') + s * 1000).toISOString();

function session(task: string, s: number, done: number | null, head = HEAD, state = 'completed'): Session {
  return {
    id: `${task}-s`,
    name: task,
    task_id: task,
    state,
    created_at: iso(s),
    updated_at: iso(done ?? s),
    completed_at: done === null ? null : iso(done),
    prompt: 'p',
    head_ref: head,
    base_ref: 'main',
    model: 'm',
  };
}

function task(
  id: string,
  name: string,
  state: string,
  sessions?: Session[],
  created = 0,
): Task & { sessions?: Session[] } {
  return {
    id,
    name,
    state,
    session_count: sessions?.length ?? 1,
    artifacts: [],
    archived_at: null,
    created_at: iso(created),
    updated_at: iso(created + 50),
    repository: { id: 5 },
    ...(sessions ? { sessions } : {}),
  };
}

describe('rounds: the tasks on a branch, as facts', () => {
  it('orders the rounds by their start, with their times, states and recorded tips', () => {
    const tasks = new Map([
      ['b', task('b', 'Second', 'in_progress', [session('b', 200, null, HEAD, 'in_progress')], 200)],
      ['a', task('a', 'First', 'completed', [session('a', 0, 100)])],
    ]);
    const links: RoundLink[] = [{ task: 'b', id: 'a', name: 'First', tip: 'f'.repeat(40) }];
    const found = roundFacts({
      taskId: 'a',
      head: HEAD,
      related: ['b'],
      links,
      task: id => tasks.get(id),
      gone: new Set(),
    });
    assert.ok(found);
    assert.equal(found.index, 0);
    assert.deepEqual(
      found.rounds.map(r => [r.id, r.name, r.running, r.finishMs !== undefined, r.tipAtStart]),
      [
        ['a', 'First', false, true, undefined],
        ['b', 'Second', true, false, 'f'.repeat(40)],
      ],
    );
    assert.equal(found.rounds[0].finishMs, Date.parse(iso(100)));
    assert.equal(found.rounds[1].startMs, Date.parse(iso(200)));
  });

  it('leaves out a continuation the service reports on another branch, and says so', () => {
    const tasks = new Map([
      ['a', task('a', 'First', 'completed', [session('a', 0, 100)])],
      ['b', task('b', 'Second', 'completed', [session('b', 200, 300, 'agent/elsewhere')], 200)],
    ]);
    const links: RoundLink[] = [{ task: 'b', id: 'a', name: 'First' }];
    const found = roundFacts({
      taskId: 'a',
      head: HEAD,
      related: ['b'],
      links,
      task: id => tasks.get(id),
      gone: new Set(),
    });
    assert.deepEqual(
      found?.rounds.map(r => r.id),
      ['a'],
    );
    assert.deepEqual(found?.notes, [
      '“Second” was started here on this branch, but the service reports its branch as agent/elsewhere, not agent/countdown: it is not counted as a round of agent/countdown',
    ]);
  });

  it('keeps a round the service no longer has, known from its link, after the task it continues', () => {
    const tasks = new Map([['a', task('a', 'First', 'completed', [session('a', 0, 100)])]]);
    const links: RoundLink[] = [{ task: 'gone', id: 'a', name: 'First' }];
    const found = roundFacts({
      taskId: 'a',
      head: HEAD,
      related: ['gone'],
      links,
      task: id => tasks.get(id),
      gone: new Set(['gone']),
    });
    assert.deepEqual(
      found?.rounds.map(r => [r.id, r.gone ?? false]),
      [
        ['a', false],
        ['gone', true],
      ],
    );
    assert.equal(found?.rounds[1].startMs, Date.parse(iso(0)) + 1);
  });

  it('reads a task’s times from the task when its sessions are not known', () => {
    const tasks = new Map([
      ['a', task('a', 'First', 'completed', [session('a', 0, 100)])],
      ['b', task('b', 'Second', 'completed', undefined, 200)],
    ]);
    const found = roundFacts({
      taskId: 'b',
      head: HEAD,
      related: ['a'],
      links: [],
      task: id => tasks.get(id),
      gone: new Set(),
    });
    assert.equal(found?.index, 1);
    assert.equal(found?.rounds[1].startMs, Date.parse(iso(200)));
    assert.equal(found?.rounds[1].finishMs, Date.parse(iso(250)), 'a finished task without sessions: its update');
  });
});
