// Addresses from the service are data: a badly %-encoded one reads as "no repository", never as an exception
// that breaks the view or the command that asked.
import * as assert from 'node:assert/strict';
import { pullRequestUrl, repoOfTask, repoWebUrl } from '../../../src/model/taskLinks';

describe('views/taskLinks with hostile addresses', () => {
  const bad = 'https://api.example.com/agents/repos/acme/rocket%E0%a4%A/tasks/t1';

  it('reads no repository from an address with bad %-encoding, instead of throwing', () => {
    assert.equal(repoOfTask({ url: bad }), undefined);
    assert.equal(repoOfTask({ html_url: 'https://example.com/%E0%a4%A/rocket/tasks/t1' }), undefined);
  });

  it('falls back to the web address when only the API address is badly encoded', () => {
    assert.deepEqual(repoOfTask({ url: bad, html_url: 'https://example.com/acme/rocket/tasks/t1' }), {
      owner: 'acme',
      repo: 'rocket',
    });
  });

  it('still decodes a well-encoded name', () => {
    assert.deepEqual(repoOfTask({ url: 'https://api.example.com/agents/repos/acme/rocket%20x/tasks/t1' }), {
      owner: 'acme',
      repo: 'rocket x',
    });
  });

  it('builds no pull request address from a badly encoded task address', () => {
    const pr = { provider: 'x', type: 'pull', data: { id: 7 } };
    assert.equal(pullRequestUrl({ url: bad }, pr, ''), undefined);
    assert.equal(repoWebUrl({}, '', repoOfTask({ url: bad })), undefined);
  });
});
