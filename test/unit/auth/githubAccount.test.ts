import * as assert from 'node:assert/strict';
import { accountLabel, serviceName } from '../../../src/auth/accountBook';
import { gitHubRefusal, gitHubSignInFor, tokenPage } from '../../../src/auth/githubAccount';
import { BUILTIN_SANDBOX_KEY } from '../../../src/ids';

describe('auth/githubAccount', () => {
  it("offers VS Code's GitHub sign-in for GitHub's own API only", () => {
    assert.deepEqual(gitHubSignInFor('https://api.github.com', undefined), {
      provider: 'github',
      web: 'https://github.com',
    });
    assert.deepEqual(gitHubSignInFor('https://API.github.com/', undefined)?.provider, 'github');
    for (const other of [
      'http://api.github.com',
      'https://api.github.com/api/v3',
      'https://api.github.com.example.com',
      'https://api.example.com',
      'not an address',
    ])
      assert.equal(gitHubSignInFor(other, undefined), undefined, other);
  });

  it('offers the enterprise sign-in for /api/v3 on the host it is set to, and nowhere else', () => {
    assert.deepEqual(gitHubSignInFor('https://code.example.com/api/v3', 'https://code.example.com'), {
      provider: 'github-enterprise',
      web: 'https://code.example.com',
    });
    assert.equal(
      gitHubSignInFor('https://code.example.com/api/v3/', 'https://CODE.example.com/')?.provider,
      'github-enterprise',
    );
    assert.equal(
      gitHubSignInFor('https://code.example.com/api/v3', undefined),
      undefined,
      'not set: no session of use',
    );
    assert.equal(gitHubSignInFor('https://code.example.com/api/v3', 'https://other.example.com'), undefined);
    assert.equal(gitHubSignInFor('https://code.example.com/api', 'https://code.example.com'), undefined);
    assert.equal(gitHubSignInFor('https://code.example.com/api/v3', 'not a uri'), undefined);
  });

  it('offers the enterprise sign-in for data residency: api.<tenant>.ghe.com with the sign-in set to <tenant>.ghe.com', () => {
    assert.deepEqual(gitHubSignInFor('https://api.octocorp.ghe.com', 'https://octocorp.ghe.com'), {
      provider: 'github-enterprise',
      web: 'https://octocorp.ghe.com',
    });
    assert.equal(
      gitHubSignInFor('https://API.Octocorp.ghe.com/', 'https://octocorp.ghe.com/')?.web,
      'https://octocorp.ghe.com',
      'case and trailing slashes',
    );
    assert.deepEqual(gitHubSignInFor('https://api.octocorp.ghe.com', 'https://octocorp.ghe.com'), {
      provider: 'github-enterprise',
      web: 'https://octocorp.ghe.com',
    });
    // Another tenant's sign-in, none, a path, http, another port, or look-alike hosts: not offered.
    assert.equal(gitHubSignInFor('https://api.octocorp.ghe.com', 'https://othercorp.ghe.com'), undefined);
    assert.equal(gitHubSignInFor('https://api.octocorp.ghe.com', undefined), undefined);
    assert.equal(gitHubSignInFor('https://api.octocorp.ghe.com/api/v3', 'https://octocorp.ghe.com'), undefined);
    assert.equal(gitHubSignInFor('http://api.octocorp.ghe.com', 'https://octocorp.ghe.com'), undefined);
    assert.equal(gitHubSignInFor('https://api.octocorp.ghe.com:8443', 'https://octocorp.ghe.com'), undefined);
    assert.equal(gitHubSignInFor('https://api.octocorp.ghe.com.evil.example', 'https://octocorp.ghe.com'), undefined);
    assert.equal(gitHubSignInFor('https://octocorp.ghe.com', 'https://octocorp.ghe.com'), undefined);
    assert.equal(
      tokenPage('https://octocorp.ghe.com', 'fine_grained'),
      'https://octocorp.ghe.com/settings/personal-access-tokens/new',
    );
  });

  it('says which token to make when the service refuses the GitHub token, and nothing for other answers', () => {
    const refused = gitHubRefusal(401, 'api.github.com', 'https://github.com');
    assert.match(refused!, /refused the token of the GitHub account VS Code has \(401\), so it was not saved/);
    assert.match(
      refused!,
      /fine-grained personal access token at https:\/\/github\.com\/settings\/personal-access-tokens\/new/,
    );
    assert.match(gitHubRefusal(403, 'h', 'https://h')!, /refused it the list of your tasks \(403\)/);
    assert.equal(gitHubRefusal(500, 'h', 'https://h'), undefined);
    assert.equal(gitHubRefusal(undefined, 'h', 'https://h'), undefined);
    assert.equal(tokenPage('https://h', 'classic'), 'https://h/settings/tokens/new?scopes=repo');
  });

  it("names an account after the person when known, else after the service's address", () => {
    assert.equal(accountLabel('https://API.example.com/', 'mona'), 'mona · api.example.com');
    assert.equal(accountLabel('https://code.example.com/api/v3', undefined), 'code.example.com/api/v3 (token)');
    assert.equal(serviceName(BUILTIN_SANDBOX_KEY), 'built-in sandbox');
  });
});
