import assert from 'node:assert/strict';
import { API_VERSION, MEDIA_TYPE, VERSION_HEADER } from '../../src/api/protocol';

describe('protocol constants', () => {
  it('are the specification identifiers', () => {
    assert.equal(MEDIA_TYPE, 'application/vnd.vendor+json');
    assert.equal(VERSION_HEADER, 'X-Vendor-Api-Version');
    assert.equal(API_VERSION, '2026-03-10');
  });
});
