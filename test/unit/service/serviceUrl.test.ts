import * as assert from 'node:assert/strict';
import { validateServiceUrl } from '../../../src/service/serviceUrl';

describe('service/validateServiceUrl', () => {
  it('accepts https addresses, enterprise prefixes, loopback http and empty (none)', () => {
    for (const ok of [
      'https://api.example.com',
      'https://code.example.com/api/v3',
      'http://127.0.0.1:4567',
      'http://localhost:1',
      'http://[::1]:8080',
      '',
    ])
      assert.equal(validateServiceUrl(ok), undefined, ok);
  });
  it('refuses what would put a token at risk or cannot work', () => {
    assert.match(validateServiceUrl('http://api.example.com')!, /only over https/);
    assert.match(validateServiceUrl('https://user:pw@api.example.com')!, /credentials/);
    assert.match(validateServiceUrl('ftp://example.com')!, /https/);
    assert.match(validateServiceUrl('api.example.com')!, /full address/);
    assert.match(validateServiceUrl('https://api.example.com/?token=x')!, /query/);
  });
});
