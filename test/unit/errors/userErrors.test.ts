import * as assert from 'node:assert/strict';
import { explain } from '../../../src/errors/userErrors';

const apiError = (status: number, extra: Record<string, unknown> = {}) => ({ status, message: 'Boom.', ...extra });

describe('errors/explain', () => {
  it('names the missing token for 401', () => {
    const e = explain(apiError(401));
    assert.equal(e.remedy, 'setToken');
    assert.match(e.text, /fine-grained token is missing, expired or revoked/);
  });
  it('explains a refused start in terms of subscription and permission', () => {
    const e = explain(apiError(403), { starting: true, repo: 'acme/rocket' });
    assert.match(e.text, /business or enterprise subscription/);
    assert.match(e.text, /acme\/rocket/);
    assert.match(e.text, /Boom/);
  });
  it('lists validation errors', () => {
    const e = explain(apiError(422, { errors: [{ field: 'model', code: 'invalid' }, { field: 'prompt', message: 'is too long' }] }));
    assert.equal(e.text, 'The service rejected the request: model: invalid; prompt: is too long');
  });
  it('says when a rate limit lifts', () => {
    const e = explain(apiError(429, { rateLimit: { reset: new Date('2026-03-10T12:34:00Z') } }));
    assert.match(e.text, /12:34 UTC/);
  });
  it('covers network failures and plain errors', () => {
    assert.equal(explain(apiError(0, { kind: 'network' })).remedy, 'retry');
    assert.equal(explain(new Error('No service')).text, 'No service');
    assert.equal(explain(apiError(503)).remedy, 'retry');
  });
});
