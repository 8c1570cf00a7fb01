// The public surface and the module's independence from the editor.
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as api from '../../../src/api';

const root = path.resolve(__dirname, '../../../..');

describe('api: public surface', () => {
  it('exports the client, the error, the resource constants and the protocol constants', () => {
    assert.equal(typeof api.ApiClient, 'function');
    assert.equal(typeof api.ApiError, 'function');
    assert.ok(api.TASK_STATES.includes('waiting_for_user'));
    assert.ok(api.KNOWN_MODELS.length > 0);
    assert.equal(api.VERSION_HEADER, 'X-Vendor-Api-Version');
    const methods = [
      'listRepositoryTasks',
      'startTask',
      'getRepositoryTask',
      'listTasks',
      'getTask',
      'listInstallationRepos',
      'revokeInstallationToken',
      'listUserInstallations',
      'listUserInstallationRepos',
      'addRepoToInstallation',
      'removeRepoFromInstallation',
      'getRepository',
      'paginate',
      'close',
    ];
    for (const m of methods)
      assert.equal(typeof (api.ApiClient.prototype as unknown as Record<string, unknown>)[m], 'function', m);
  });

  it('never imports vscode', () => {
    const dir = path.join(root, 'src/api');
    for (const f of fs.readdirSync(dir).filter(f => f.endsWith('.ts'))) {
      const text = fs.readFileSync(path.join(dir, f), 'utf8');
      assert.doesNotMatch(text, /from\s+['"]vscode['"]|require\(\s*['"]vscode['"]\s*\)/, f);
    }
  });
});
