import assert from 'node:assert/strict';
import { missingToken, TOKEN_FOR, type Operation, type Subject } from '../../../src/errors/installationErrors';
import { explain } from '../../../src/errors/userErrors';
import { apiError } from './apiErrors';

const explainFailure = (
  op: Operation,
  f: { status: number; message: string; kind?: 'network' | 'timeout' },
  s?: Subject,
) => explain(apiError(f.status, { message: f.message, ...(f.kind ? { kind: f.kind } : {}) }), { op, subject: s });

const subject = { installation: 'ci-bot on acme', repository: 'acme/rocket', selection: 'selected' };

describe('installations: refusals in plain words', () => {
  it("sends the fine-grained token to the user's lists, the classic one to changes, the installation token to its own", () => {
    assert.deepEqual(TOKEN_FOR, {
      listInstallations: 'fine_grained',
      listRepositories: 'fine_grained',
      addRepository: 'classic',
      removeRepository: 'classic',
      listTokenRepositories: 'installation',
      revokeToken: 'installation',
    });
  });

  it('names the missing token kind and offers to set it', () => {
    const e = missingToken('removeRepository');
    assert.equal(e.tokenKind, 'classic');
    assert.match(e.text, /needs a classic token with the repo scope/);
    assert.match(e.text, /fine-grained, app and installation tokens are refused/);
  });

  it('tells the two 422 rules of removing apart by what the view knew of the installation', () => {
    const all = explainFailure('removeRepository', { status: 422, message: 'x' }, { ...subject, selection: 'all' });
    const last = explainFailure('removeRepository', { status: 422, message: 'x' }, subject);
    assert.match(all.text, /set to all repositories/);
    assert.match(last.text, /last repository/);
    assert.notEqual(all.text, last.text);
  });

  it('explains 403 on a change as admin access plus the repo scope, with a way to set the token', () => {
    const e = explainFailure('addRepository', { status: 403, message: 'You need admin access' }, subject);
    assert.match(e.text, /refused to add acme\/rocket: this needs admin access/);
    assert.match(e.text, /The service said: "You need admin access"/);
    assert.equal(e.tokenKind, 'classic');
  });

  it('explains 401 per token kind: a revoked installation token needs a new one created', () => {
    const inst = explainFailure('listTokenRepositories', { status: 401, message: 'Bad credentials' });
    assert.match(inst.text, /installation token was refused: it has been revoked or has expired/);
    assert.equal(inst.tokenKind, 'installation');
    const classic = explainFailure('removeRepository', { status: 401, message: 'Bad credentials' }, subject);
    assert.equal(classic.text, 'Your classic token is missing, expired or revoked. Set a new one.');
    const user = explainFailure('listInstallations', { status: 401, message: 'Bad credentials' });
    assert.equal(
      user.text,
      explain(apiError(401)).text,
      "the user's token refused reads the same in the Installations view as in the task views",
    );
  });

  it('says a network failure changed nothing, and never claims a retry', () => {
    const e = explainFailure('addRepository', { status: 0, message: 'connect ECONNREFUSED' }, subject);
    assert.match(e.text, /could not be reached \(no answer: connect ECONNREFUSED\)\. Nothing was changed/);
    assert.match(
      explainFailure('addRepository', { status: 500, message: '' }).text,
      /status 500\. Nothing was retried/,
    );
  });

  it("says what failed in words, never the request's method, path and query", () => {
    const message =
      'GET /user/installations?per_page=100&page=1 failed: connect ECONNREFUSED 127.0.0.1:9 (ECONNREFUSED)';
    const e = explainFailure('listInstallations', { status: 0, kind: 'network', message });
    assert.equal(
      e.text,
      'Listing your installations failed: the service could not be reached ' +
        '(no answer: connect ECONNREFUSED 127.0.0.1:9). Nothing was changed.',
    );
    const slow = explainFailure('listInstallations', {
      status: 0,
      kind: 'timeout',
      message: 'GET /user/installations?per_page=100&page=1 timed out after 30000 ms',
    });
    assert.equal(
      slow.text,
      'Listing your installations failed: the service did not answer in time. Nothing was changed.',
    );
  });

  it('keeps a long service message to one bounded line', () => {
    const e = explainFailure('revokeToken', { status: 403, message: 'a\n'.repeat(400) });
    assert.ok(!e.text.includes('\n'));
    assert.ok(e.text.length < 400);
  });
});
