import * as assert from 'node:assert/strict';
import { attemptFact } from '../../../src/model/attemptFact';
import type { AttemptSet } from '../../../src/model/attemptSets';
import { attemptLabel, countStates, countsText } from '../../../src/model/attemptSummary';

const set: AttemptSet = {
  id: 'set-1',
  name: 'Fix the countdown',
  start: {
    repo: 'acme/rocket',
    prompt: 'Fix the countdown',
    base_ref: 'main',
    head_ref: '',
    create_pull_request: false,
    custom_agent: '',
  },
  createdAt: 0,
  attempts: [
    { model: 'a', taskId: 't1' },
    { model: '', taskId: 't2', aside: true },
    { model: 'c', failure: 'refused' },
  ],
};

describe('an attempt in its picture', () => {
  it('names its set, its place, its model and its siblings; set aside by itself or with its set', () => {
    assert.deepEqual(attemptFact({ set, index: 0 }), {
      setId: 'set-1',
      setName: 'Fix the countdown',
      index: 0,
      count: 3,
      model: 'a',
      siblings: [
        { index: 1, model: '', taskId: 't2' },
        { index: 2, model: 'c' },
      ],
      aside: false,
    });
    assert.equal(attemptFact({ set, index: 1 }).aside, true);
    assert.equal(attemptFact({ set: { ...set, aside: true }, index: 0 }).aside, true);
  });

  it('counts states as the user reads them, and labels an attempt', () => {
    const c = countStates([
      'completed',
      'failed',
      'in_progress',
      'queued',
      'timed_out',
      'waiting_for_user',
      'completed',
    ]);
    assert.deepEqual(c, { finished: 2, failed: 1, timedOut: 1, waiting: 1, running: 1, queued: 1 });
    assert.equal(countsText(c), '2 finished, 1 failed, 1 timed out, 1 waiting for you, 1 running, 1 queued');
    assert.equal(countsText(countStates([])), '');
    assert.equal(attemptLabel(1, 'gpt-x'), 'Attempt 2 · gpt-x');
    assert.equal(attemptLabel(0, ''), 'Attempt 1 · any model');
  });
});
