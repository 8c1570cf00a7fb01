import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { TokenStore } from '../../src/auth/tokenStore';

// The token store over a SecretStorage that counts its reads: each read is a round trip to the window, so a token
// is read once and then kept, but never past a change.
class CountingSecrets implements vscode.SecretStorage {
  readonly values = new Map<string, string>();
  reads = 0;
  private readonly emitter = new vscode.EventEmitter<vscode.SecretStorageChangeEvent>();
  readonly onDidChange = this.emitter.event;
  async get(key: string) {
    this.reads++;
    return this.values.get(key);
  }
  async keys() {
    return [...this.values.keys()];
  }
  async store(key: string, value: string) {
    this.values.set(key, value);
  }
  async delete(key: string) {
    this.values.delete(key);
  }
  /** A change made elsewhere (another window): the value moves and the event says so. */
  changeElsewhere(key: string, value: string) {
    this.values.set(key, value);
    this.emitter.fire({ key });
  }
}

describe('token store', () => {
  const SCOPE = 'https://api.example.com';
  const KEY = 'agentTasks.token:fine_grained:https://api.example.com';

  it('reads a token once and keeps it until SecretStorage says it changed', async () => {
    const secrets = new CountingSecrets();
    secrets.values.set(KEY, 'token-one');
    const tokens = new TokenStore(secrets, () => SCOPE);
    assert.equal(await tokens.has('fine_grained'), true);
    assert.equal(await tokens.getIn(SCOPE, 'fine_grained'), 'token-one');
    assert.equal(secrets.reads, 1, 'one round trip for both');
    secrets.changeElsewhere(KEY, 'token-two');
    assert.equal(await tokens.get('fine_grained'), 'token-two');
    assert.equal(secrets.reads, 2);
    tokens.dispose();
  });

  it('asks for the fine-grained token as soon as it is made, and hands that read to the first caller', async () => {
    const secrets = new CountingSecrets();
    secrets.values.set(KEY, 'token-early');
    const tokens = new TokenStore(secrets, () => SCOPE);
    assert.equal(secrets.reads, 1, 'read before anyone asked');
    assert.equal(await tokens.has('fine_grained'), true);
    assert.equal(secrets.reads, 1, 'the first caller joined that read');
    tokens.dispose();
  });

  it('reads a token set or removed in this window at once, before any change event', async () => {
    const secrets = new CountingSecrets();
    const tokens = new TokenStore(secrets, () => SCOPE);
    assert.equal(await tokens.get('fine_grained'), undefined);
    await tokens.set('fine_grained', ' token-three ');
    assert.equal(await tokens.get('fine_grained'), 'token-three');
    await tokens.delete('fine_grained');
    assert.equal(await tokens.get('fine_grained'), undefined);
    tokens.dispose();
  });

  it('keeps each service address and kind apart', async () => {
    const secrets = new CountingSecrets();
    secrets.values.set(KEY, 'for-example');
    const tokens = new TokenStore(secrets, () => SCOPE);
    assert.equal(await tokens.getIn(SCOPE, 'fine_grained'), 'for-example');
    assert.equal(await tokens.getIn('https://api.other.example', 'fine_grained'), undefined);
    assert.equal(await tokens.getIn(SCOPE, 'classic'), undefined);
    tokens.dispose();
  });
});
