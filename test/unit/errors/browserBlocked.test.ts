// A request from the browser's build that no answer came to: the browser's fetch says only "Failed to fetch" (or its
// Firefox and WebKit words), for a refusal by CORS as for an address that does not answer. It is said in words that
// name the editor's origin the service must allow, never as "Failed to fetch".
import * as assert from 'node:assert/strict';
import { classify } from '../../../src/api/netFault';
import { explainNetwork } from '../../../src/errors/network';

const target = new URL('http://127.0.0.1:4010/api');

describe('a browser fetch with no answer (CORS)', () => {
  const g = globalThis as { location?: unknown };
  afterEach(() => delete g.location);

  for (const words of ['Failed to fetch', 'NetworkError when attempting to fetch resource.', 'Load failed'])
    it(`reads "${words}" as blocked, with the page's origin`, () => {
      g.location = { origin: 'http://127.0.0.1:8080' };
      const fault = classify(new TypeError(words), target);
      assert.deepEqual(fault, { part: 'browser_blocked', origin: 'http://127.0.0.1:8080' });
      const said = explainNetwork(fault, target.href);
      assert.ok(said);
      assert.match(said.text, /allows its origin, http:\/\/127\.0\.0\.1:8080 \(CORS\)/);
      assert.match(said.text, /--allow-origin http:\/\/127\.0\.0\.1:8080/);
      assert.match(said.text, /at http:\/\/127\.0\.0\.1:4010\/api/);
      assert.doesNotMatch(said.text, /Failed to fetch/);
      assert.equal(said.remedy, 'configureService');
    });

  it('says it without an origin where none is known', () => {
    const said = explainNetwork(classify(new TypeError('Failed to fetch'), target), undefined);
    assert.match(said?.text ?? '', /allows the editor's origin \(CORS\)/);
  });

  it("leaves Node's fetch failures to their codes", () => {
    const undici = new TypeError('fetch failed', { cause: Object.assign(new Error('x'), { code: 'ECONNREFUSED' }) });
    assert.equal(classify(undici, target)?.part, 'service_unreachable');
    assert.equal(classify(new TypeError('fetch failed'), target), undefined);
    assert.equal(classify(new Error('Failed to fetch'), target), undefined);
  });
});
