// The tools' inputs read strictly: what reaches a request is what the schema promises, and a bad value is refused
// with a sentence the model can act on.
import * as assert from 'node:assert/strict';
import { parseGet, parseList, parseStart } from '../../../src/chat/toolInput';
import { BAD_REFS } from '../../support/hostile';

describe('chat/toolInput', () => {
  it('start: a prompt is required; the options are taken as given, blanks as not given', () => {
    assert.deepEqual(parseStart({ prompt: 'Do it', model: ' ', baseRef: 'main', createPullRequest: false }), {
      ok: true,
      value: { prompt: 'Do it', baseRef: 'main', createPullRequest: false },
    });
    for (const bad of [undefined, {}, { prompt: '' }, { prompt: '   ' }, { prompt: 3 }]) {
      const r = parseStart(bad);
      assert.equal(r.ok, false);
      assert.match(!r.ok ? r.problem : '', /“prompt” is required/);
    }
  });

  it('start: a base branch git would refuse is refused before anything is sent', () => {
    for (const ref of BAD_REFS) {
      if (typeof ref !== 'string' || !ref.trim()) continue;
      const r = parseStart({ prompt: 'x', baseRef: ref });
      assert.equal(r.ok, false, JSON.stringify(ref));
    }
  });

  it('start: odd types and ids are refused', () => {
    assert.equal(parseStart({ prompt: 'x', createPullRequest: 'yes' }).ok, false);
    assert.equal(parseStart({ prompt: 'x', model: 'two words' }).ok, false);
    assert.equal(parseStart({ prompt: 'x', continueTaskId: '../../installation/token' }).ok, false);
    assert.equal(parseStart({ prompt: 'x', continueTaskId: 'demo-rocket-01' }).ok, true);
  });

  it('list: scope, known states only, a limit from 1 up, capped at 50', () => {
    assert.deepEqual(parseList({}), { ok: true, value: { states: [], limit: 10 } });
    assert.deepEqual(parseList({ scope: 'mine', states: ['failed', 'failed', 'queued'], limit: 500 }), {
      ok: true,
      value: { scope: 'mine', states: ['failed', 'queued'], limit: 50 },
    });
    const unknown = parseList({ states: ['done'] });
    assert.match(!unknown.ok ? unknown.problem : '', /^Unknown state “done”\. The states are: queued, in_progress/);
    assert.equal(parseList({ scope: 'everyone' }).ok, false);
    assert.equal(parseList({ limit: 0 }).ok, false);
    assert.equal(parseList({ limit: 2.5 }).ok, false);
  });

  it('get: a task id, one segment', () => {
    assert.deepEqual(parseGet({ taskId: ' abc ' }), { ok: true, value: { taskId: 'abc' } });
    for (const taskId of ['', 'a/b', 'a b', 'a?b', '%2e%2e', 'x'.repeat(201)])
      assert.equal(parseGet({ taskId }).ok, false, taskId);
  });
});
