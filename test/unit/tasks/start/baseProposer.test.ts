import assert from 'node:assert/strict';
import type * as vscode from 'vscode';
import type { Session, Task } from '../../../../src/api';
import { BaseProposer } from '../../../../src/tasks/start/baseProposer';
import type { TaskModel } from '../../../../src/model/taskModel';

type Head = { name?: string; upstream?: { name: string } } | undefined;

function memento(): vscode.Memento {
  const m = new Map<string, unknown>();
  return {
    keys: () => [...m.keys()],
    get: <T>(k: string, d?: T) => (m.has(k) ? (m.get(k) as T) : d),
    update: async (k: string, v: unknown) => void m.set(k, v),
  };
}

/** A store holding one listed task with the given sessions. */
function store(sessions: Partial<Session>[]): Pick<TaskModel, 'store'> {
  const task = { id: 't1', name: 'Fix the flaky countdown test' } as Task;
  const full = sessions.map((s, i) => ({ created_at: `2026-01-0${i + 1}T00:00:00Z`, ...s }) as Session);
  return {
    store: {
      listKeys: () => ['repo:acme/rocket'],
      list: () => [task],
      sessions: (id: string) => (id === 't1' ? { sessions: full, fresh: true } : undefined),
    },
  } as unknown as Pick<TaskModel, 'store'>;
}

describe('tasks/start/baseProposer', () => {
  it("proposes the checked-out task branch's base, and says why", () => {
    const head: Head = { name: 'agent/fix-flaky', upstream: { name: 'agent/fix-flaky' } };
    const p = new BaseProposer(() => head, store([{ head_ref: 'agent/fix-flaky', base_ref: 'main' }]), memento());
    assert.deepEqual(p.propose(), {
      ref: 'main',
      why: 'the base of “Fix the flaky countdown test”, whose branch is checked out',
    });
  });

  it("never proposes the checked-out branch or its upstream, which may be an agent's that no task lists", () => {
    const head: Head = { name: 'agent/unknown', upstream: { name: 'agent/unknown' } };
    assert.deepEqual(new BaseProposer(() => head, store([]), memento()).propose(), { ref: '' });
    const own: Head = { name: 'feature', upstream: { name: 'feature' } };
    assert.deepEqual(new BaseProposer(() => own, store([]), memento()).propose(), { ref: '' });
    assert.deepEqual(new BaseProposer(() => undefined, store([]), memento()).propose(), { ref: '' });
  });

  it('remembers a checkout, so the base is proposed after a reload, before the task is read again', async () => {
    const state = memento();
    const head: Head = { name: 'agent/x' };
    await new BaseProposer(() => head, store([]), state).remember('agent/x', 'develop', 'Task X');
    assert.equal(new BaseProposer(() => head, store([]), state).propose().ref, 'develop');
  });

  it("sends back no base that git's rules refuse, nor one equal to the checked-out branch", () => {
    const head: Head = { name: 'agent/a' };
    const bad = store([{ head_ref: 'agent/a', base_ref: '-f' }]);
    assert.deepEqual(new BaseProposer(() => head, bad, memento()).propose(), { ref: '' });
    const self = store([{ head_ref: 'agent/a', base_ref: 'agent/a' }]);
    assert.deepEqual(new BaseProposer(() => head, self, memento()).propose(), { ref: '' });
  });

  it('takes the newest session that names the branch', () => {
    const head: Head = { name: 'agent/a' };
    const two = store([
      { head_ref: 'agent/a', base_ref: 'main' },
      { head_ref: 'agent/a', base_ref: 'release' },
    ]);
    assert.equal(new BaseProposer(() => head, two, memento()).propose().ref, 'release');
  });
});
