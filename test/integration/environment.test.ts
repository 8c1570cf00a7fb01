import * as assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import * as vscode from 'vscode';

// What the runners promise the other tests: a sandbox to talk to, and a workspace that is a git repository of it.
describe('test environment', () => {
  const sandboxUrl = process.env.AGENT_TASKS_SANDBOX_URL ?? '';

  it('has a loopback sandbox in AGENT_TASKS_SANDBOX_URL that answers', async () => {
    assert.match(sandboxUrl, /^http:\/\/127\.0\.0\.1:\d+$/);
    const res = await fetch(`${sandboxUrl}/_sandbox/stats`);
    assert.equal(res.status, 200);
  });

  it("opens a git repository whose origin is the sandbox's acme/rocket", () => {
    const folder = vscode.workspace.workspaceFolders?.[0];
    assert.ok(folder, 'no workspace folder is open');
    const origin = execFileSync('git', ['config', '--get', 'remote.origin.url'], { cwd: folder.uri.fsPath })
      .toString()
      .trim();
    assert.equal(origin, `${sandboxUrl}/acme/rocket.git`);
  });
});
