// The one error policy, in the real extension host: a fault of ours (a TypeError) inside a command leaves its stack in
// the log and a plain message on screen, in a command and in an installations command; and one failure (a token the
// service refuses, 401) reads the same in a command, in the Installations view and in a chat tool.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as vscode from 'vscode';
import { ApiClient } from '../../src/api';
import { CommandRegistry } from '../../src/shared/registry';
import { CHAT_TOOLS, INSTALLATION_COMMANDS } from '../../src/ids';
import type { Log } from '../../src/log';
import type { Level, Ui } from '../../src/ui';
import { invokeText } from './chatSupport';
import {
  answering,
  DEMO_TOKENS,
  describeInstallations,
  resetSandbox,
  SANDBOX,
  view,
  world,
  type ViewNode,
} from './installationsSupport';
import { waitFor } from './tasksSupport';

/** A Ui that only records what it is told, and a Log that keeps its lines: the registry's two outlets. */
function outlets() {
  const said: Array<{ level: Level; text: string; actions: string[] }> = [];
  const lines: string[] = [];
  const ui = {
    notify: (level: Level, text: string, ...actions: string[]) => {
      said.push({ level, text, actions });
      return Promise.resolve(undefined);
    },
  } as unknown as Ui;
  const log: Log = {
    trace: () => undefined,
    debug: () => undefined,
    info: () => undefined,
    warn: () => undefined,
    error: m => lines.push(typeof m === 'string' ? m : (m.stack ?? m.message)),
    child: () => log,
  };
  return { ui, log, said, lines };
}

const flat = (nodes: ViewNode[]): ViewNode[] => nodes.flatMap(n => [n, ...flat(n.children ?? [])]);
const logText = (file: string) => (fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : '');

describeInstallations('error policy', suite => {
  const disposables: vscode.Disposable[] = [];
  after(() => disposables.splice(0).forEach(d => d.dispose()));

  it('a TypeError inside a command: its stack in the log, a plain message on screen', async () => {
    const o = outlets();
    const registry = new CommandRegistry(o.ui, o.log);
    const id = 'agentTasks.test.errorPolicy.fault';
    disposables.push(
      registry.register({
        [id]: () => {
          const task = undefined as unknown as { name: string };
          return task.name; // a fault of ours: a TypeError
        },
      }),
    );
    assert.equal(await vscode.commands.executeCommand(id), undefined, 'the command resolves; VS Code shows nothing');
    assert.equal(o.said.length, 1);
    assert.equal(o.said[0].level, 'error');
    assert.match(
      o.said[0].text,
      /^Cannot read properties of undefined \S?\(reading 'name'\)$/u,
      'plain words, no stack',
    );
    assert.ok(o.said[0].actions.includes('Show Log'));
    const stack = o.lines.find(l => l.startsWith('TypeError'));
    assert.ok(stack, `the log holds the TypeError: ${o.lines.join('\n')}`);
    assert.match(stack, /\n\s+at /, 'with its stack');
  });

  it('a TypeError inside an installations command: its stack in the log, a plain message on screen', async () => {
    const api = suite.api();
    const ui = answering(api);
    // Load More without the list it should load: the model reads a property of undefined.
    await vscode.commands.executeCommand(INSTALLATION_COMMANDS.loadMore);
    const told = ui.told();
    assert.match(told, /^Cannot read properties of undefined \S?\(reading 'what'\)$/u);
    assert.doesNotMatch(told, /\bat /, 'no stack on screen');
    const stack = await waitFor(
      () => /TypeError: Cannot read properties of undefined \(reading 'what'\)\n\s+at /.test(logText(api.logFile)),
      'the stack in the log',
    );
    assert.ok(stack);
  });

  it('a refused token (401) reads the same in a command, the Installations view and a chat tool', async () => {
    const api = suite.api();
    // Set while it works, then revoked at the service behind the extension's back.
    await resetSandbox(
      world(w => {
        const t = w.tokens.find(x => x.value === DEMO_TOKENS.fineGrained);
        if (t) t.revoked = true;
      }),
    );
    const words = 'Your fine-grained token is missing, expired or revoked. Set a new one.';

    // A command whose request is refused: the registry's policy says it.
    const o = outlets();
    const registry = new CommandRegistry(o.ui, o.log);
    const id = 'agentTasks.test.errorPolicy.refused';
    const client = new ApiClient({ baseUrl: SANDBOX, token: DEMO_TOKENS.fineGrained, retries: 0 });
    disposables.push(registry.register({ [id]: () => client.listTasks({}) }), { dispose: () => void client.close() });
    await vscode.commands.executeCommand(id);
    assert.equal(o.said[0]?.text, words, 'the command');
    assert.ok(!o.lines.some(l => /\n\s+at /.test(l)), 'the service’s answer is no fault: no stack');

    // The Installations view's line for the user's installations.
    await vscode.commands.executeCommand(INSTALLATION_COMMANDS.refresh);
    const problem = await waitFor(
      async () => flat(await view(api)).find(n => n.label.includes('token is missing, expired or revoked')),
      'the view to say the token was refused',
    );
    // The line holds the first sentence; its tooltip the whole explanation.
    assert.equal(problem?.label, 'Your fine-grained token is missing, expired or revoked.', 'the Installations view');
    assert.ok(problem?.tooltip.startsWith(words), `the Installations view's tooltip: ${problem?.tooltip}`);

    // A chat tool.
    const chat = await invokeText(CHAT_TOOLS.listTasks, { scope: 'mine' });
    assert.ok(chat.includes(`failed: ${words}`), `the chat tool: ${chat}`);
  });
});
