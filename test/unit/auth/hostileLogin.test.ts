// The login a server answers for the GitHub account (a GitHub Enterprise server's `/user`, through VS Code's sign-in)
// is the server's text: the message that says the token was saved and the Accounts menu's label show it as words,
// one bounded line, with no link, icon, direction override or zero-width character.
import * as assert from 'node:assert/strict';
import { accountLabel } from '../../../src/auth/accountBook';
import { checkToken } from '../../../src/auth/tokenCheck';
import { HOSTILE_LOGIN } from '../../support/hostile';

const JOIN = /\u2060/g;
const UNSEEN = /[\n\r\u202A-\u202E\u2066-\u2069\u200B-\u200D\uFEFF]/;

describe('auth: a hostile login', () => {
  it('"Fine-grained token of {login} saved" quotes the login as words: no link, no icon, one bounded line', async () => {
    const verdict = await checkToken('fine_grained', () => Promise.resolve(), 'the server', HOSTILE_LOGIN);
    const text = verdict.text;
    assert.equal(verdict.save, true);
    assert.doesNotMatch(text, /\]\(/, `a link can form: ${text}`);
    assert.doesNotMatch(text, /\$\(/, `an icon can form: ${text}`);
    assert.doesNotMatch(text, UNSEEN, JSON.stringify(text));
    assert.ok(text.replace(JOIN, '').startsWith('Fine-grained token of mona [Review](command:'), text);
    assert.ok(text.endsWith('… saved: the server accepted it.'), text);
    assert.ok(text.length < 200, `bounded: ${text.length} characters`);
  });

  it("the Accounts menu's label shows it as words, bounded, with the service beside it", () => {
    const label = accountLabel('https://ghe.example.com/api/v3', HOSTILE_LOGIN);
    assert.doesNotMatch(label, /\$\(/, `an icon can form: ${label}`);
    assert.doesNotMatch(label, UNSEEN, JSON.stringify(label));
    assert.ok(label.replace(JOIN, '').startsWith('mona [Review](command:'), label);
    assert.ok(label.endsWith('… · ghe.example.com/api/v3'), label);
    assert.ok(label.length < 120, `bounded: ${label.length} characters`);
    assert.equal(accountLabel('https://ghe.example.com/api/v3', 'mona'), 'mona · ghe.example.com/api/v3');
    assert.equal(accountLabel('https://ghe.example.com/api/v3', '\u200B\u202E'), 'ghe.example.com/api/v3 (token)');
  });
});
