// Setting a token or an address says what the service made of it: a token is tried with one read before it is
// kept, an address is tried once it is set, and demo tokens are offered only where a sandbox answers.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as http from 'node:http';
import type { AddressInfo } from 'node:net';
import * as vscode from 'vscode';
import { COMMANDS, TOKEN_KINDS } from '../../src/ids';
import type { AgentTasksTestApi } from '../../src/testing/testApi';
import { DEMO_TOKENS, freshStart, messagesFrom, SANDBOX, waitFor } from './tasksSupport';

const G = vscode.ConfigurationTarget.Global;

/** A loopback server that is not a sandbox: it answers every request with `status`. */
async function otherServer(status: number): Promise<{ url: string; close(): Promise<void> }> {
  const server = http.createServer((req, res) => {
    req.resume();
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ message: status === 401 ? 'Requires authentication' : 'Not Found' }));
  });
  await new Promise<void>(r => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>(r => {
        server.close(() => r());
        server.closeAllConnections();
      }),
  };
}

/** The extension's log as written so far. */
function readLogFile(api: AgentTasksTestApi): string {
  return fs.existsSync(api.logFile) ? fs.readFileSync(api.logFile, 'utf8') : '';
}

/** The messages said since `from`, with their level. */
function saidSince(api: AgentTasksTestApi, from: number): Array<{ level: string; text: string; actions: string[] }> {
  return api.said().slice(from);
}

describe('checking tokens and addresses', () => {
  before(async function () {
    this.timeout(90_000);
    await freshStart();
  });
  afterEach(async () => {
    (await freshStart()).answer(undefined);
  });

  it('a token the service refuses (401) is not saved, and the message says so', async () => {
    const api = await freshStart();
    const from = api.said().length;
    const saved = await vscode.commands.executeCommand(COMMANDS.setToken, 'fine_grained', 'sbx_wrong_token');
    assert.equal(saved, false);
    const said = saidSince(api, from);
    assert.equal(said.length, 1, JSON.stringify(said));
    assert.equal(said[0].level, 'error');
    assert.match(said[0].text, /^Fine-grained token not saved: 127\.0\.0\.1:\d+ refused it \(401/);
    assert.ok(!said[0].text.includes('sbx_wrong_token'), 'the token is not in the message');
    assert.deepEqual(said[0].actions, ['Set Token…'], 'the way on: another token');
    // The token kept before is still the one in use.
    await api.refresh();
    assert.ok(
      (await api.treeItems('repoTasks')).some(i => i.kind === 'task'),
      'the old token still lists tasks',
    );
    assert.equal(api.context()['agentTasks.reachable'], 'yes');
  });

  it('a token without the Agent tasks permission (403) is saved, with a warning naming the permission', async () => {
    const api = await freshStart();
    const told = messagesFrom(api);
    const saved = await vscode.commands.executeCommand(COMMANDS.setToken, 'fine_grained', DEMO_TOKENS.appUser);
    assert.equal(saved, true);
    assert.equal(api.said().at(-1)?.level, 'warning');
    assert.match(told().join('\n'), /saved, but it lacks the Agent tasks permission \(read\)/);
    await waitFor(() => api.context()['agentTasks.reachable'] === 'forbidden', 'the saved token in use (403)');
  });

  it('a classic token, which has nothing it may read, is saved and checked on first use', async () => {
    const api = await freshStart();
    api.answer({ pick: items => items.find(i => /Enter a token/.test(i.label)), input: DEMO_TOKENS.classic });
    const told = messagesFrom(api);
    assert.equal(await vscode.commands.executeCommand(COMMANDS.setToken, 'classic'), true);
    assert.match(told().join('\n'), /Classic token saved\. .*checked on first use/);
  });

  it('a typed token the service refuses keeps its box open, saying why; the next one typed there is saved', async () => {
    const api = await freshStart();
    await vscode.commands.executeCommand(COMMANDS.signOut, 'fine_grained');
    const said = api.said().length;
    const asked = api.asked().length;
    const boxes: (string | undefined)[] = [];
    api.answer({
      pick: items => items.find(i => /Enter a token/.test(i.label)),
      // First a wrong token; then, seeing the refusal in the box, the right one.
      input: box => (boxes.push(box.refused), box.refused ? DEMO_TOKENS.fineGrained : 'sbx_wrong_token'),
    });
    const saved = await vscode.commands.executeCommand(COMMANDS.setToken, 'fine_grained');
    assert.equal(saved, true);
    // One box, asked twice: the second time with the service's refusal as its message, still masked.
    assert.equal(boxes.length, 2, JSON.stringify(boxes));
    assert.equal(boxes[0], undefined);
    assert.match(boxes[1] ?? '', /refused it \(401/);
    const inputs = api
      .asked()
      .slice(asked)
      .filter(q => q.kind === 'input');
    assert.equal(inputs.length, 2, JSON.stringify(inputs));
    assert.ok(
      inputs.every(q => q.kind === 'input' && q.password),
      'the box masks the token',
    );
    assert.ok(inputs[1].kind === 'input' && /refused it/.test(inputs[1].refused ?? ''));
    // No notification of the refusal (it was said in the box), and no token in anything said or logged.
    const since = api.said().slice(said);
    assert.ok(!since.some(m => m.level === 'error'), JSON.stringify(since));
    const everything = JSON.stringify([since, api.asked().slice(asked)]) + readLogFile(api);
    assert.ok(!everything.includes('sbx_wrong_token') && !everything.includes(DEMO_TOKENS.fineGrained));
    await waitFor(async () => (await api.treeItems('repoTasks')).some(i => i.kind === 'task'), 'the tasks, signed in');
  });

  it('the box a token is typed into masks it, for every kind of token', async () => {
    const api = await freshStart();
    for (const kind of TOKEN_KINDS) {
      const from = api.asked().length;
      // The sandbox offers its demo token first; the user chooses to type one.
      api.answer({ pick: items => items.find(i => /Enter a token/.test(i.label)), input: 'typed_by_hand' });
      await vscode.commands.executeCommand(COMMANDS.setToken, kind);
      const box = api
        .asked()
        .slice(from)
        .find(q => q.kind === 'input');
      assert.ok(box?.kind === 'input', `a box was opened for ${kind}: ${JSON.stringify(api.asked().slice(from))}`);
      assert.equal(box.password, true, `the ${kind} box is a password box`);
    }
  });

  it('Set Service Address to a dead loopback port says it is not reachable, with the error and the address', async () => {
    const api = await freshStart();
    const told = messagesFrom(api);
    await vscode.commands.executeCommand(COMMANDS.configureService, 'http://127.0.0.1:9');
    assert.match(told().join('\n'), /^http:\/\/127\.0\.0\.1:9 is not reachable: connect ECONNREFUSED 127\.0\.0\.1:9/);
    assert.equal(api.said().at(-1)?.level, 'warning');
    // A token set now cannot be checked: kept, and said so.
    await vscode.commands.executeCommand(COMMANDS.setToken, 'fine_grained', DEMO_TOKENS.fineGrained);
    assert.match(told().at(-1) ?? '', /saved without a check: 127\.0\.0\.1:9 cannot be reached \(connect ECONNREFUSED/);
    // The view says which of the two it was, and where.
    await api.refresh();
    const first = await waitFor(async () => (await api.treeItems('myTasks'))[0], 'a line in My Tasks');
    assert.match(
      first.label,
      /^The service at http:\/\/127\.0\.0\.1:9 cannot be reached \(no answer: connect ECONNREFUSED/,
    );
    // Back to the sandbox: reachable.
    const back = messagesFrom(api);
    await vscode.commands.executeCommand(COMMANDS.configureService, SANDBOX);
    // Its token is kept (tokens are kept per address): nothing to ask of the user.
    assert.deepEqual(back(), [`${SANDBOX} is reachable and answers as the service.`]);
    await waitFor(async () => (await api.treeItems('repoTasks')).some(i => i.kind === 'task'), 'its tasks listed');
    // Without a token for it, the way in is said.
    await vscode.commands.executeCommand(COMMANDS.signOut, 'fine_grained');
    const bare = messagesFrom(api);
    await vscode.commands.executeCommand(COMMANDS.configureService, SANDBOX);
    assert.deepEqual(bare(), [`${SANDBOX} is reachable and answers as the service; set a token for it to sign in.`]);
  });

  it('Set Service Address to an address that refuses says so, with the status', async () => {
    const api = await freshStart();
    const other = await otherServer(404);
    try {
      const told = messagesFrom(api);
      await vscode.commands.executeCommand(COMMANDS.configureService, `${other.url}/api/v3`);
      assert.deepEqual(told(), [
        `${other.url}/api/v3 is reachable, but refused the request with status 404. ` +
          'Is this the API address? An enterprise address usually ends in /api/v3.',
      ]);
    } finally {
      await vscode.workspace.getConfiguration('agentTasks').update('serviceUrl', SANDBOX, G);
      await other.close();
    }
  });

  it('a loopback address that is not a sandbox is not offered the demo token', async () => {
    const api = await freshStart();
    const other = await otherServer(401);
    try {
      await vscode.workspace.getConfiguration('agentTasks').update('serviceUrl', other.url, G);
      const asked = api.asked().length;
      api.answer({ input: 'typed_by_hand' });
      const told = messagesFrom(api);
      assert.equal(await vscode.commands.executeCommand(COMMANDS.setToken, 'fine_grained'), false);
      const questions = api.asked().slice(asked);
      // Only the token is asked for (no demo token); its refusal is said in its box, which stays open (the same
      // token typed again there counts as giving up).
      assert.deepEqual(
        questions.map(q => (q.kind === 'input' ? `input${q.refused ? ' refused' : ''}` : q.kind)),
        ['input', 'input refused'],
        `only the token is asked for: ${JSON.stringify(questions)}`,
      );
      const refused = questions[1].kind === 'input' ? (questions[1].refused ?? '') : '';
      assert.match(refused, /not saved: 127\.0\.0\.1:\d+ refused it \(401/);
      assert.deepEqual(told(), [], 'said in the box, not in a notification');
    } finally {
      await vscode.workspace.getConfiguration('agentTasks').update('serviceUrl', SANDBOX, G);
      await other.close();
    }
  });

  it('the sandbox offers its demo installation token under its own label, and it works', async () => {
    const api = await freshStart();
    const asked = api.asked().length;
    api.answer({ pick: items => items.find(i => /demo/.test(i.label)) });
    const told = messagesFrom(api);
    assert.equal(await vscode.commands.executeCommand(COMMANDS.setToken, 'installation'), true);
    const pick = api.asked().slice(asked)[0];
    assert.ok(pick?.kind === 'pick', JSON.stringify(pick));
    assert.deepEqual(pick.labels, ['$(beaker) Use the demo installation token', '$(key) Enter a token…']);
    assert.match(pick.placeHolder, /^This is a sandbox at 127\.0\.0\.1:\d+/);
    assert.match(told().join('\n'), /^Installation token saved: 127\.0\.0\.1:\d+ accepted it\.$/);
  });
});
