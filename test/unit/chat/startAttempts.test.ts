// The chat start tool's attempts and models: read strictly (a number of models that does not match, a continuation
// with several attempts is refused in words the model can act on), and the confirmation lists
// each attempt's model in place of the one model.
import * as assert from 'node:assert/strict';
import { confirmationMarkdown, type StartPlan } from '../../../src/chat/startPlan';
import { parseStart } from '../../../src/chat/toolInput';
import { forMarkdown } from '../../../src/safety/serviceText';
import { attemptModels } from '../../../src/tasks/start/startOptions';

const problem = (input: object): string => {
  const r = parseStart({ prompt: 'Fix it', ...input });
  assert.equal(r.ok, false, JSON.stringify(r));
  return r.ok ? '' : r.problem;
};

describe('chat: several attempts', () => {
  it('reads attempts and models; models alone give the number', () => {
    assert.deepEqual(parseStart({ prompt: 'Fix it', attempts: 3 }), {
      ok: true,
      value: { prompt: 'Fix it', attempts: 3 },
    });
    assert.deepEqual(parseStart({ prompt: 'Fix it', models: ['family-b-5.4', 'family-b-5.4'] }), {
      ok: true,
      value: { prompt: 'Fix it', attempts: 2, models: ['family-b-5.4', 'family-b-5.4'] },
    });
    // One attempt is one task: its model is the model.
    assert.deepEqual(parseStart({ prompt: 'Fix it', attempts: 1, models: ['family-b-5.4'] }), {
      ok: true,
      value: { prompt: 'Fix it', model: 'family-b-5.4' },
    });
  });

  it('refuses what cannot be started as said', () => {
    assert.match(problem({ attempts: 5 }), /“attempts” must be a whole number from 1 to 4/);
    assert.match(problem({ attempts: 2.5 }), /whole number/);
    assert.match(problem({ attempts: 3, models: ['a', 'b'] }), /names 2 models for 3 attempts/);
    assert.match(problem({ models: [] }), /“models” must list 1 to 4 model names/);
    assert.match(problem({ models: ['a b', 'c'] }), /“models” must list/);
    assert.match(problem({ attempts: 2, continueTaskId: 't1' }), /leave “continueTaskId” out with “attempts”/);
  });

  it('takes several attempts with one’s own changes: each starts from the branch they are pushed to', () => {
    assert.deepEqual(parseStart({ prompt: 'Fix it', attempts: 2, withMyChanges: true }), {
      ok: true,
      value: { prompt: 'Fix it', withMyChanges: true, attempts: 2 },
    });
  });

  it('each attempt gets its own model, else the one model', () => {
    const o = { model: 'm', create_pull_request: false, base_ref: '', head_ref: '', custom_agent: '' };
    assert.equal(attemptModels(o), undefined);
    assert.equal(attemptModels({ ...o, attempts: 1, models: ['x'] }), undefined);
    assert.deepEqual(attemptModels({ ...o, attempts: 3, models: ['x'] }), ['x', 'm', 'm']);
  });

  it('the confirmation lists the attempts and each one’s model, and no single model', () => {
    const plan: StartPlan = {
      repo: { owner: 'acme', repo: 'rocket' },
      prompt: 'Fix it',
      options: {
        ...{ model: 'family-a-sonnet-4.6', create_pull_request: false, base_ref: '', head_ref: '', custom_agent: '' },
        ...{ attempts: 3, models: ['family-b-5.4', '', 'family-b-5.4'] },
      },
    };
    const md = confirmationMarkdown(plan);
    const row = (label: string, value: string) => `**${label}:** ${forMarkdown(value, 300)}`;
    assert.ok(md.includes(row('Attempts', '3, each a task on a new branch, compared afterwards')), md);
    const models = 'attempt 1: family-b-5.4; attempt 2: the service chooses; attempt 3: family-b-5.4';
    assert.ok(md.includes(row('Models', models)), md);
    assert.ok(!md.includes('**Model:**'), md);
  });
});
