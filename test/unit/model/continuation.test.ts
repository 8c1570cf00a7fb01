import * as assert from 'node:assert/strict';
import type { Session } from '../../../src/api';
import { continuationOf } from '../../../src/model/continuation';

function session(id: string, created_at: string, head_ref: string, base_ref = 'main'): Session {
  return {
    id,
    name: id,
    task_id: 't',
    state: 'completed',
    created_at,
    updated_at: created_at,
    prompt: 'p',
    head_ref,
    base_ref,
    model: 'm',
  };
}

describe('continuationOf', () => {
  it('takes the branches of the newest session', () => {
    const refs = continuationOf({
      sessions: [
        session('a', '2026-01-01T00:00:00Z', 'agent/old'),
        session('b', '2026-01-02T00:00:00Z', 'agent/new', 'dev'),
      ],
    });
    assert.deepEqual(refs && { head: refs.head_ref, base: refs.base_ref, id: refs.session.id }, {
      head: 'agent/new',
      base: 'dev',
      id: 'b',
    });
  });

  it('skips a session whose branch a start may not send and falls back to an older usable one', () => {
    const refs = continuationOf({
      sessions: [
        session('a', '2026-01-01T00:00:00Z', 'agent/ok'),
        session('b', '2026-01-02T00:00:00Z', '--upload-pack=x'),
      ],
    });
    assert.equal(refs?.head_ref, 'agent/ok');
  });

  it('is undefined for a task with no sessions, or whose head is its base', () => {
    assert.equal(continuationOf({}), undefined);
    assert.equal(continuationOf({ sessions: [] }), undefined);
    assert.equal(continuationOf({ sessions: [session('a', '2026-01-01T00:00:00Z', 'main', 'main')] }), undefined);
  });
});
