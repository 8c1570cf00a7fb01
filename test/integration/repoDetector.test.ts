import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { Log } from '../../src/log';
import { RepoDetector } from '../../src/model/repoDetector';

// The detector on its own, in the real extension host, on the test workspace (a clone of acme/rocket whose origin
// is the sandbox).
const SANDBOX = process.env.AGENT_TASKS_SANDBOX_URL ?? '';

function memento(): vscode.Memento {
  const data = new Map<string, unknown>();
  return {
    keys: () => [...data.keys()],
    get: <T>(key: string, fallback?: T) => (data.has(key) ? (data.get(key) as T) : fallback),
    update: async (key: string, value: unknown) => void (value === undefined ? data.delete(key) : data.set(key, value)),
  };
}

const quiet: Log = { trace() {}, debug() {}, info() {}, warn() {}, error() {}, child: () => quiet };

describe('repository detection', () => {
  const made: RepoDetector[] = [];
  afterEach(() => made.splice(0).forEach(d => d.dispose()));
  const detector = () => {
    const d = new RepoDetector(() => SANDBOX, memento(), quiet);
    made.push(d);
    return d;
  };

  it("knows the repository from the workspace folder's git config, before the Git extension has said anything", async () => {
    assert.ok(SANDBOX, 'AGENT_TASKS_SANDBOX_URL is not set');
    const d = detector();
    assert.equal(d.current(), undefined, 'nothing known yet');
    await d.readConfigs();
    const repo = d.current();
    assert.deepEqual(repo && { owner: repo.owner, repo: repo.repo, remote: repo.remote }, {
      owner: 'acme',
      repo: 'rocket',
      remote: 'origin',
    });
    assert.equal(repo?.git, undefined, 'not from the Git extension');
    assert.equal(d.state, 'found');
  });

  it("takes the Git extension's repository once Git has read it, with the same answer", async () => {
    const d = detector();
    await d.start();
    await waitFor(() => d.current()?.git !== undefined, "the Git extension's repository");
    const repo = d.current()!;
    assert.equal(`${repo.owner}/${repo.repo}`, 'acme/rocket');
    const folder = vscode.workspace.workspaceFolders![0].uri;
    assert.equal(repo.git!.rootUri.fsPath, folder.fsPath);
  });

  it('finds nothing in the config of a service whose remotes are elsewhere', async () => {
    const d = new RepoDetector(() => 'https://api.example.com', memento(), quiet);
    made.push(d);
    await d.readConfigs();
    assert.deepEqual(d.candidates(), []);
  });
});

async function waitFor(ok: () => boolean, what: string, timeoutMs = 30_000): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!ok()) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise(r => setTimeout(r, 50));
  }
}
