// A token is tried with the one read its kind may make, against the real sandbox: what is kept and what is said.
import * as assert from 'node:assert/strict';
import { ApiClient } from '../../../src/api';
import { checkToken } from '../../../src/auth/tokenCheck';
import type { TokenKind } from '../../../src/ids';
import { DEMO_TOKENS, startSandbox, type Sandbox } from '../../../src/sandbox';

describe('auth/checkToken', () => {
  let sb: Sandbox;
  before(async () => {
    sb = await startSandbox({ stepMs: 0, git: false });
  });
  after(() => sb.close());

  async function check(kind: TokenKind, token: string, baseUrl = sb.url, owner?: string) {
    const client = new ApiClient({ baseUrl, token, retries: 0 });
    try {
      return await checkToken(kind, read => read(client), 'the sandbox', owner);
    } finally {
      await client.close();
    }
  }

  it('keeps a token the service accepts, and says so', async () => {
    assert.deepEqual(await check('fine_grained', DEMO_TOKENS.fineGrained), {
      save: true,
      level: 'info',
      text: 'Fine-grained token saved: the sandbox accepted it.',
    });
    assert.equal((await check('installation', DEMO_TOKENS.installation)).save, true);
    // Whose it is, when known, is a value of the message, so a translation keeps it.
    const owned = await check('fine_grained', DEMO_TOKENS.fineGrained, sb.url, 'mona');
    assert.equal(owned.text, 'Fine-grained token of mona saved: the sandbox accepted it.');
  });

  it('does not keep a token refused with 401, says so, and never quotes it', async () => {
    for (const kind of ['fine_grained', 'installation'] as const) {
      const v = await check(kind, 'sbx_nobody_has_this');
      assert.equal(v.save, false, kind);
      assert.equal(v.level, 'error');
      assert.match(v.text, /not saved: the sandbox refused it \(401/);
      assert.ok(!v.text.includes('sbx_nobody_has_this'));
    }
  });

  it('keeps a token without the Agent tasks permission, with a warning naming it', async () => {
    const v = await check('fine_grained', DEMO_TOKENS.appUser);
    assert.equal(v.save, true);
    assert.equal(v.level, 'warning');
    assert.match(v.text, /lacks the Agent tasks permission \(read\)/);
  });

  it('says a classic token is checked on first use, without sending anything', async () => {
    let asked = 0;
    const v = await checkToken('classic', () => Promise.resolve(asked++), 'the sandbox');
    assert.equal(asked, 0);
    assert.equal(v.save, true);
    assert.match(v.text, /checked on first use/);
  });

  it('keeps the token when the service cannot be reached, says so with the error', async () => {
    const gone = await startSandbox({ stepMs: 0, git: false });
    await gone.close();
    const v = await check('fine_grained', DEMO_TOKENS.fineGrained, gone.url);
    assert.equal(v.save, true);
    assert.equal(v.level, 'warning');
    assert.match(v.text, /saved without a check: the sandbox cannot be reached \(connect ECONNREFUSED/);
    assert.match(v.text, /checked on first use/);
  });
});
