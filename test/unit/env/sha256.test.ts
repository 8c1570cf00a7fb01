// The digest both hosts use (src/api/sha256.ts) against Node's own, for lengths around every block boundary and text
// beyond ASCII.
import * as assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { sha256Base64url, sha256Hex } from '../../../src/api/sha256';

describe('sha256 (both hosts)', () => {
  it('matches node:crypto for lengths 0..200 and text beyond ASCII', () => {
    const texts = [...Array.from({ length: 201 }, (_, n) => 'ab€'.repeat(n).slice(0, n)), 'ghp_Ωmega\u{1F600}', ''];
    for (const t of texts) {
      assert.equal(sha256Hex(t), createHash('sha256').update(t).digest('hex'), JSON.stringify(t));
      assert.equal(sha256Base64url(t), createHash('sha256').update(t).digest('base64url'), JSON.stringify(t));
    }
  });

  it('knows the standard test vector', () => {
    assert.equal(sha256Hex('abc'), 'ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
  });
});
