// The status bar when it cannot know about tasks: no token yet, a service that does not answer, a token refused.
// It says so (icon, text, the address and the error in its tooltip, a click that offers the way out) and never says
// "No tasks running" there.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as net from 'node:net';
import * as vscode from 'vscode';
import { COMMANDS } from '../../src/ids';
import type { AgentTasksTestApi } from '../../src/testing/testApi';
import { DEMO_TOKENS, demoWorld, freshStart, SANDBOX, sandboxPost, waitFor } from './tasksSupport';

const G = vscode.ConfigurationTarget.Global;

/** A loopback address where nothing listens: a port just let go. */
async function deadAddress(): Promise<string> {
  const server = net.createServer();
  await new Promise<void>(resolve => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise(resolve => server.close(resolve));
  return `http://127.0.0.1:${port}`;
}

/** The tooltip as the user reads it: bold markers and Markdown's escapes taken away. */
function read(api: AgentTasksTestApi): { text: string; tooltip: string } {
  const s = api.statusBar();
  return { text: s.text, tooltip: s.tooltip.replace(/(?<!\\)\*\*/g, '').replace(/\\(.)/g, '$1') };
}

/** Clicks the problem state's item, picks the choice labelled `choose` (none: dismissed); the labels offered. */
async function click(api: AgentTasksTestApi, choose?: string): Promise<string[]> {
  const command = api.statusBar().command;
  assert.equal(command, COMMANDS.serviceProblem);
  api.answer({ pick: items => items.find(i => choose !== undefined && i.label.includes(choose)) });
  try {
    await vscode.commands.executeCommand(command);
  } finally {
    api.answer(undefined);
  }
  const asked = api.asked().at(-1);
  assert.ok(asked?.kind === 'pick', 'a choice was offered');
  return asked.labels;
}

/** The extension's log file as written so far. */
function readLog(api: AgentTasksTestApi): string {
  return fs.existsSync(api.logFile) ? fs.readFileSync(api.logFile, 'utf8') : '';
}

function assertSilentOnTasks(api: AgentTasksTestApi): void {
  const { text, tooltip } = read(api);
  assert.doesNotMatch(`${text}\n${tooltip}`, /No task|running|queued/i, 'it says nothing about tasks it cannot know');
}

describe('status bar problem states', () => {
  before(async function () {
    this.timeout(90_000);
    await freshStart();
  });

  afterEach(async () => {
    const config = vscode.workspace.getConfiguration('agentTasks');
    if (config.get<string>('serviceUrl') !== SANDBOX) await config.update('serviceUrl', SANDBOX, G);
    await vscode.commands.executeCommand(COMMANDS.setToken, 'fine_grained', DEMO_TOKENS.fineGrained);
  });

  it('says a service that does not answer is unreachable, with its address and the error, and offers a retry and the log', async function () {
    this.timeout(40_000);
    const api = await freshStart();
    const dead = await deadAddress();
    await vscode.workspace.getConfiguration('agentTasks').update('serviceUrl', dead, G);
    // A token for that address, so that only the service is in question.
    await vscode.commands.executeCommand(COMMANDS.setToken, 'fine_grained', DEMO_TOKENS.fineGrained);
    // Signed in, the poll's own failure (before the token, the bar may already have said the address is down).
    await waitFor(
      () => /unreachable/.test(api.statusBar().text) && /cannot be reached/.test(read(api).tooltip),
      'the unreachable state of a poll',
      30_000,
    );
    const shown = api.statusBar();
    const host = new URL(dead).host;
    // The address is on the bar itself, where the views' words point; the error is in its tooltip.
    assert.equal(shown.text, `$(error) Agent Tasks: ${host} unreachable`);
    assert.equal(shown.background, 'statusBarItem.errorBackground');
    assert.equal(shown.command, COMMANDS.serviceProblem);
    const { tooltip } = read(api);
    assert.ok(tooltip.includes(`Service unreachable at ${dead}`), tooltip);
    const port = new URL(dead).port;
    assert.ok(
      tooltip.includes(`The service cannot be reached (no answer: connect ECONNREFUSED 127.0.0.1:${port})`),
      tooltip,
    );
    assert.match(tooltip, /Click to try again or to see the log/);
    assertSilentOnTasks(api);

    const tries = api.responses().filter(r => r.status === 0).length;
    const labels = await click(api, 'Try Again');
    assert.deepEqual(labels, ['$(refresh) Try Again', '$(output) Show Log', '$(gear) Set Service Address…']);
    assert.ok(api.responses().filter(r => r.status === 0).length > tries, 'Try Again asked the service once more');
    assert.equal(api.statusBar().text, `$(error) Agent Tasks: ${host} unreachable`);
  });

  it('says a refused token is refused, and offers to set another', async function () {
    this.timeout(30_000);
    const api = await freshStart();
    // The token was good when it was set; the service forgets it (revoked, expired).
    const w = demoWorld();
    w.tokens = (w.tokens ?? []).filter(t => t.value !== DEMO_TOKENS.fineGrained);
    await sandboxPost('/_sandbox/reset', w);
    await api.refresh();
    await waitFor(() => /token refused/.test(api.statusBar().text), 'the refused state', 20_000);
    assert.equal(api.statusBar().text, '$(error) Agent Tasks: token refused');
    const { tooltip } = read(api);
    assert.ok(tooltip.includes(`Token refused at ${SANDBOX}`), tooltip);
    assert.match(tooltip, /fine-grained token is missing, expired or revoked/);
    assertSilentOnTasks(api);
    const labels = await click(api);
    assert.ok(labels.includes('$(key) Set Fine-grained Token…'), JSON.stringify(labels));
  });

  it('says an address that does not answer is unreachable before it asks for a token', async function () {
    this.timeout(30_000);
    const api = await freshStart();
    await vscode.commands.executeCommand(COMMANDS.signOut, 'fine_grained');
    const dead = await deadAddress();
    await vscode.workspace.getConfiguration('agentTasks').update('serviceUrl', dead, G);
    await waitFor(() => /unreachable/.test(api.statusBar().text), 'the unreachable state', 20_000);
    const host = new URL(dead).host;
    assert.equal(api.statusBar().text, `$(error) Agent Tasks: ${host} unreachable`);
    assert.equal(api.statusBar().background, 'statusBarItem.errorBackground');
    const { tooltip } = read(api);
    assert.ok(tooltip.includes(`Service unreachable at ${dead}`), tooltip);
    assert.ok(tooltip.includes(`${dead} is not reachable: connect ECONNREFUSED`), tooltip);
    assert.match(tooltip, /A token can be set once the address answers/);
    assert.doesNotMatch(`${api.statusBar().text}\n${tooltip}`, /no token/i);
    assertSilentOnTasks(api);
    // The views say the same (their welcome reads this key), not that a token is wanted.
    assert.equal(api.context()['agentTasks.addressProblem'], 'unreachable');
    const labels = await click(api, 'Try Again');
    assert.deepEqual(labels, ['$(refresh) Try Again', '$(output) Show Log', '$(gear) Set Service Address…']);
    assert.equal(api.statusBar().text, `$(error) Agent Tasks: ${host} unreachable`);
    // The log that menu opens has the address and the reason.
    const logged = await waitFor(
      () => (/is not reachable: connect ECONNREFUSED/.test(readLog(api)) ? readLog(api) : ''),
      'the log to say why',
      20_000,
    );
    assert.ok(logged.includes(dead), 'the log names the address');
    // An address that answers: now the token is what is missing.
    await vscode.workspace.getConfiguration('agentTasks').update('serviceUrl', SANDBOX, G);
    await waitFor(() => /no token/.test(api.statusBar().text), 'the signed-out state at an address that answers');
    assert.equal(api.context()['agentTasks.addressProblem'], '');
  });

  it('Set Service Address… offers the last address that answered when the one set does not', async function () {
    this.timeout(30_000);
    const api = await freshStart();
    // The sandbox answered (freshStart polled it); then a dead address is set.
    await waitFor(() => /running|queued/.test(api.statusBar().text), 'the sandbox to answer', 20_000);
    const dead = await deadAddress();
    await vscode.workspace.getConfiguration('agentTasks').update('serviceUrl', dead, G);
    await waitFor(() => /unreachable/.test(api.statusBar().text), 'the unreachable state', 20_000);
    let box: { prompt: string; value?: string } | undefined;
    api.answer({ input: b => ((box = b), undefined) });
    try {
      await vscode.commands.executeCommand(COMMANDS.configureService);
    } finally {
      api.answer(undefined);
    }
    assert.equal(box?.value, SANDBOX, 'the box holds the address that answered last');
    assert.ok(box?.prompt.includes(`the one set now, ${dead}, did not`), box?.prompt);
    assert.equal(vscode.workspace.getConfiguration('agentTasks').get('serviceUrl'), dead, 'dismissed: nothing set');
    // Kept as an address only: no token is stored beside it.
    const stored = api.storedState();
    assert.ok(stored.includes(SANDBOX));
    for (const t of Object.values(DEMO_TOKENS)) assert.ok(!stored.includes(t), 'no token in the state');
  });

  it('says no token is set, not "No tasks running", before sign-in', async () => {
    const api = await freshStart();
    await vscode.commands.executeCommand(COMMANDS.signOut, 'fine_grained');
    await waitFor(() => /no token/.test(api.statusBar().text), 'the signed-out state');
    assert.equal(api.statusBar().text, '$(key) Agent Tasks: no token');
    assert.equal(api.statusBar().command, COMMANDS.setToken);
    assert.match(read(api).tooltip, /No fine-grained token is set for this service/);
    assertSilentOnTasks(api);
  });
});
