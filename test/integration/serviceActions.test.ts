// Addresses and branch names from the service in the real editor: a task's web address that is `javascript:`,
// `file:` or `command:` is refused and nothing is opened (read at the one open seam); a session's head branch that
// git would read as an option is refused before any git call, and the workspace keeps its uncommitted edit.
import * as assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { promisify } from 'node:util';
import * as vscode from 'vscode';
import { COMMANDS } from '../../src/ids';
import { DEMO_USERS } from '../../src/sandbox';
import { faultRig, type FaultRig } from './faultsSupport';
import { demoWorld, freshStart, messagesFrom, waitFor, type WorldFile } from './tasksSupport';

const run = promisify(execFile);
const TASK = 'demo-rocket-01';

/** Every task in a list or single-task answer gets `html_url`. */
function withWebAddress(address: string): (body: unknown) => unknown {
  const set = (t: unknown) => (typeof t === 'object' && t !== null && 'id' in t ? { ...t, html_url: address } : t);
  return body => {
    if (typeof body !== 'object' || body === null) return body;
    if ('tasks' in body && Array.isArray(body.tasks)) return { ...body, tasks: body.tasks.map(set) };
    return set(body);
  };
}

describe('service text: addresses from the service are opened only when they are web pages', () => {
  let rig: FaultRig;
  before(async function () {
    this.timeout(90_000);
    rig = await faultRig();
    rig.api.answer({});
  });
  after(async () => {
    rig.api.answer(undefined);
    await rig.restore();
  });

  it('Open Task on the Web refuses javascript:, file: and command: addresses, shows each as text, and opens nothing', async function () {
    this.timeout(60_000);
    const { api, proxy } = rig;
    // The sandbox's own page (http on loopback, for a service on loopback) is opened: the seam sees what is opened.
    const before = api.opened().length;
    await vscode.commands.executeCommand(COMMANDS.openTaskOnWeb, { id: TASK, state: 'queued' });
    assert.equal(api.opened().length, before + 1, 'the task page of the sandbox was opened');
    assert.match(api.opened()[before], new RegExp(`/acme/rocket/tasks/${TASK}$`));

    for (const address of ['javascript:alert(1)', 'file:///etc/passwd', 'command:workbench.action.openSettings']) {
      proxy.setScript(({ method, path: p }) =>
        method === 'GET' && p.includes('/tasks') ? { kind: 'rewrite', edit: withWebAddress(address) } : undefined,
      );
      await api.refresh();
      await waitFor(
        async () => (await api.treeItems('repoTasks')).some(i => i.id?.endsWith(`/${TASK}`)),
        'the task listed again',
      );
      const said = messagesFrom(api);
      const opened = api.opened().length;
      await vscode.commands.executeCommand(COMMANDS.openTaskOnWeb, { id: TASK, state: 'queued' });
      const refusal = await waitFor(() => said().find(t => t.startsWith('Not opened')), `a refusal of ${address}`);
      assert.ok(refusal!.replace(/\u2060/g, '').includes(address), `the refusal shows the address: ${refusal}`);
      assert.equal(api.opened().length, opened, `nothing was opened for ${address}: ${JSON.stringify(api.opened())}`);
    }
  });
});

/** The demo world, plus two running tasks of mona whose sessions' head branches are git options. */
function worldWithOptionBranches(marker: string): WorldFile {
  const w = demoWorld();
  const base = { repository: 5000, creator: DEMO_USERS.mona, state: 'in_progress' as const };
  w.tasks = [
    ...(w.tasks ?? []),
    { ...base, id: 'hostile-force', prompt: 'Tidy the launch notes', head_ref: '-f' },
    { ...base, id: 'hostile-upload-pack', prompt: 'Check the fuel tables', head_ref: `--upload-pack=touch ${marker}` },
  ];
  return w;
}

describe('service text: a head branch from the service that git would read as an option', () => {
  const marker = path.join(os.tmpdir(), `agent-tasks-upload-pack-${process.pid}`);
  let cwd = '';
  const git = async (...args: string[]) =>
    (await run('git', args, { cwd, env: { ...process.env, GIT_TERMINAL_PROMPT: '0' } })).stdout.trim();

  before(async function () {
    this.timeout(90_000);
    const folder = vscode.workspace.workspaceFolders?.[0];
    assert.ok(folder, 'a workspace folder is open');
    cwd = folder.uri.fsPath;
    fs.rmSync(marker, { force: true });
  });

  for (const [id, head] of [
    ['hostile-force', '-f'],
    ['hostile-upload-pack', '--upload-pack=…'],
  ] as const) {
    it(`Check Out Head Branch refuses “${head}” before any git call, and the workspace keeps its uncommitted edit`, async function () {
      this.timeout(60_000);
      const api = await freshStart(worldWithOptionBranches(marker));
      api.answer({});
      const file = path.join(cwd, (await git('ls-files')).split('\n')[0]);
      const branch = await git('branch', '--show-current');
      const original = fs.readFileSync(file, 'utf8');
      fs.writeFileSync(file, `${original}\nan edit not committed yet\n`);
      try {
        const said = messagesFrom(api);
        await vscode.commands.executeCommand(COMMANDS.checkoutHeadBranch, { id, state: 'in_progress' });
        const refusal = await waitFor(() => said().find(t => /not a valid git branch name/.test(t)), 'the refusal');
        assert.match(refusal!, /starts with “-”, so git would read it as an option/);
        assert.equal(fs.readFileSync(file, 'utf8'), `${original}\nan edit not committed yet\n`, 'the edit is kept');
        assert.equal(await git('branch', '--show-current'), branch, 'still on the same branch');
        assert.equal(fs.existsSync(marker), false, 'no program named by the branch ran');
      } finally {
        fs.writeFileSync(file, original);
        api.answer(undefined);
      }
    });
  }
});
