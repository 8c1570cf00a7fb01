// Two repositories whose names differ by one Cyrillic letter, in the real editor: a hostile service (a proxy in front
// of the sandbox) serves acme/docs as acme/rоcket (its `о` U+043E), beside the workspace's acme/rocket. My Tasks
// grouped by repository, its rows and their tooltips must tell them apart: the look-alike shows its repository's ID
// and says it mixes scripts.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { COMMANDS, VIEWS } from '../../src/ids';
import { FaultProxy } from '../support/faultProxy';
import {
  byId,
  DEMO_TOKENS,
  demoWorld,
  extensionApi,
  freshStart,
  SANDBOX,
  waitFor,
  type WorldFile,
} from './tasksSupport';

const LOOK_ALIKE = 'acme/r\u043Ecket';
const AS_SENT = `acme/${encodeURIComponent('r\u043Ecket')}`;

/** The demo world with a task of mona's in acme/docs (5005), the repository the service will call acme/rоcket. */
function world(): WorldFile {
  const w = demoWorld();
  w.tasks = [
    ...(w.tasks ?? []),
    { id: 'docs-1', repository: 5005, creator: 1001, prompt: 'Tidy the handbook', state: 'completed' },
  ];
  return w;
}

/** Every answer names acme/docs as acme/rоcket, in its addresses. */
const renamed = (body: unknown): unknown => JSON.parse(JSON.stringify(body).replaceAll('acme/docs/', `${AS_SENT}/`));

describe('repositories whose names look alike', function () {
  this.timeout(90_000);

  it('are told apart in My Tasks grouped by repository and in its rows: the look-alike shows its ID', async () => {
    await freshStart(world());
    const proxy = await FaultProxy.start(SANDBOX);
    // A read of acme/rоcket's tasks (the check of the name a task's address claims) is served by acme/docs.
    proxy.setScript(req => {
      const asked = `/agents/repos/${AS_SENT}/`;
      if (req.method !== 'GET') return undefined;
      return req.path.startsWith(asked)
        ? { kind: 'rewrite', edit: renamed, forwardTo: req.path.replace(asked, '/agents/repos/acme/docs/') }
        : { kind: 'rewrite', edit: renamed };
    });
    const config = vscode.workspace.getConfiguration('agentTasks');
    const G = vscode.ConfigurationTarget.Global;
    try {
      // A new address: no name is known there yet.
      await config.update('serviceUrl', proxy.url, G);
      const api = await extensionApi();
      await vscode.commands.executeCommand(COMMANDS.setToken, 'fine_grained', DEMO_TOKENS.fineGrained);
      await vscode.commands.executeCommand(`${VIEWS.myTasks}.focus`);
      await vscode.commands.executeCommand(COMMANDS.groupMyTasksByRepo);
      const groups = (await waitFor(
        async () => {
          const g = await api.treeItems('myTasks');
          return g.some(i => i.label.startsWith(LOOK_ALIKE)) && g.some(i => i.label === 'acme/rocket') ? g : undefined;
        },
        'both repositories named',
        30_000,
      ))!;
      const labels = groups.map(g => g.label);
      assert.ok(labels.includes(`${LOOK_ALIKE} (mixed scripts, repository 5005)`), labels.join(' | '));
      // Read with every look-alike letter as the Latin one it looks like, no two groups are the same.
      const looks = labels.map(l => l.replace(/\u043E/g, 'o'));
      assert.equal(new Set(looks).size, looks.length, looks.join(' | '));

      await vscode.commands.executeCommand(COMMANDS.groupMyTasksByRepoOn);
      const row = (await waitFor(async () => byId(await api.treeItems('myTasks'), 'docs-1'), 'the task of 5005'))!;
      assert.match(row.description ?? '', /acme\/r\u043Ecket \(mixed scripts, repository 5005\)/);
      const tooltip = (row.tooltip ?? '').replace(/\\([\s\S])/g, '$1');
      assert.match(tooltip, /The letters of this name mix scripts \(Latin, Cyrillic\)/);
      const rocket = byId(await api.treeItems('myTasks'), 'demo-rocket-01');
      assert.match(rocket?.description ?? '', / · acme\/rocket(?: · |$)/, 'a name of one script shows as it is');
    } finally {
      proxy.clearFaults();
      await vscode.commands.executeCommand(COMMANDS.groupMyTasksByRepoOn);
      await vscode.commands.executeCommand(COMMANDS.signOut, 'fine_grained');
      await config.update('serviceUrl', SANDBOX, G);
      await proxy.close();
    }
  });
});
