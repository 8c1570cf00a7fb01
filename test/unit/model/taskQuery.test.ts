import * as assert from 'node:assert/strict';
import { matches, parseTaskQuery, searchText, statesNamed, type Searchable } from '../../../src/model/taskQuery';

const task = (over: Partial<Searchable> = {}): Searchable => ({
  state: 'completed',
  repo: 'acme/rocket',
  mine: true,
  text: searchText(['Fix the flaky countdown test', 'Make the countdown test wait for the clock', 'demo-rocket-03']),
  ...over,
});

describe('Go to Task query', () => {
  it('splits words from the state:, repo: and mine tokens', () => {
    assert.deepEqual(parseTaskQuery('  Flaky state:failed repo:Acme/Rocket mine  test '), {
      words: ['flaky', 'test'],
      states: ['failed'],
      unknownStates: [],
      repos: ['acme/rocket'],
      mine: true,
    });
    assert.deepEqual(parseTaskQuery(''), { words: [], states: [], unknownStates: [], repos: [], mine: false });
  });

  it('names states by their own name, the words the views use, or a start of either', () => {
    assert.deepEqual(statesNamed('in_progress'), ['in_progress']);
    assert.deepEqual(statesNamed('running'), ['in_progress']);
    assert.deepEqual(statesNamed('Waiting'), ['waiting_for_user']);
    assert.deepEqual(statesNamed('fail'), ['failed']);
    assert.deepEqual(statesNamed('c').sort(), ['cancelled', 'completed']);
    assert.deepEqual(statesNamed('timed-out'), ['timed_out']);
    assert.deepEqual(statesNamed('nonsense'), []);
  });

  it('a state: or repo: still being typed narrows nothing yet', () => {
    const q = parseTaskQuery('state: repo:');
    assert.deepEqual([q.states, q.repos, q.unknownStates], [[], [], []]);
    assert.ok(matches(q, task()));
  });

  it('every word must be found in the name, a prompt or the id, whatever the case', () => {
    assert.ok(matches(parseTaskQuery('FLAKY countdown'), task()));
    assert.ok(matches(parseTaskQuery('clock'), task()), 'a word of the prompt only');
    assert.ok(matches(parseTaskQuery('rocket-03'), task()), 'the id');
    assert.ok(!matches(parseTaskQuery('flaky zebra'), task()));
  });

  it('narrows by state (any of several), repository part and the user', () => {
    assert.ok(matches(parseTaskQuery('state:completed'), task()));
    assert.ok(matches(parseTaskQuery('state:failed state:completed'), task()));
    assert.ok(!matches(parseTaskQuery('state:failed'), task()));
    assert.ok(matches(parseTaskQuery('repo:acme'), task()), 'an owner finds its repositories');
    assert.ok(!matches(parseTaskQuery('repo:globex/portal'), task()));
    assert.ok(!matches(parseTaskQuery('repo:acme'), task({ repo: undefined })), 'no name, no match');
    assert.ok(matches(parseTaskQuery('repo:5003'), task({ repo: 'repository 5003' })), 'an unnamed one by number');
    assert.ok(matches(parseTaskQuery('mine'), task()));
    assert.ok(!matches(parseTaskQuery('mine'), task({ mine: false })));
  });

  it('a state that does not exist matches nothing and is kept to be said', () => {
    const q = parseTaskQuery('state:bogus');
    assert.deepEqual(q.unknownStates, ['bogus']);
    assert.ok(!matches(q, task()));
  });
});
