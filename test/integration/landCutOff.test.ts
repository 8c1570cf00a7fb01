// An apply cut off, in the real VS Code: another process (the window before, as far as this one can tell) runs the
// land on the workspace and is killed (SIGKILL) in the middle of its writes; Put Back or Finish an Interrupted Apply
// names the task and how many files, keeps everything when dismissed, and puts every file back byte for byte, or
// finishes writing them (and Undo takes that back); Undo Last Apply takes up the record an apply of a window gone left
// on disk, as after a reload.
import * as assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as vscode from 'vscode';
import { interrupted, journals } from '../../src/changes/land/journal';
import { COMMANDS } from '../../src/ids';
import { git, userState, workspace, worldWithTask } from './changesSupport';
import { freshStart, waitFor, type WorldFile } from './tasksSupport';

const nonce = randomBytes(4).toString('hex');
const TASK = `cut-${nonce}`;
const HEAD = `agent/cut-${nonce}`;
const LABEL = `Cut ${nonce} (${HEAD})`;
const PATHS = ['README.md', 'notes/a.md', 'notes/b.md', 'notes/deep/c.md', 'src/ignite.ts'];
const CHILD = path.join(__dirname, '..', 'unit', 'changes', 'land', 'landChild.js');

function world(): WorldFile {
  return worldWithTask({
    id: TASK,
    prompt: `Write notes ${nonce}`,
    head_ref: HEAD,
    commits: [
      {
        message: 'Notes, a README, no ignite',
        files: {
          'README.md': '# rocket\n\nNotes now.\n',
          'notes/a.md': 'a\n',
          'notes/b.md': 'b\n',
          'notes/deep/c.md': 'c\n',
          'src/ignite.ts': null,
        },
      },
    ],
  });
}

/** The journals and records of this task's applies (other tests' applies keep theirs). */
const ofTask = async (storage: string) => (await journals(storage)).filter(f => f.journal.taskId === TASK);

/** The bytes of each path (null: not there). */
const bytes = () =>
  PATHS.map(p => {
    const abs = path.join(workspace(), p);
    return fs.existsSync(abs) ? fs.readFileSync(abs).toString('base64') : null;
  });

/** Runs the land in another process and kills it once it made `stopAt` changes in the tree (none: lets it finish). */
function landElsewhere(storage: string, stopAt?: number): Promise<void> {
  const child = spawn(process.execPath, [CHILD], {
    env: {
      ...process.env,
      ELECTRON_RUN_AS_NODE: '1',
      ...{ LAND_ROOT: workspace(), LAND_STORAGE: storage, LAND_TASK: TASK, LAND_LABEL: LABEL },
      ...(stopAt !== undefined ? { LAND_STOP_TREE: String(stopAt), LAND_STOP_WHEN: 'after' } : {}),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  let err = '';
  child.stdout.on('data', (b: Buffer) => {
    out += b.toString();
    if (out.includes('STOPPED')) child.kill('SIGKILL');
  });
  child.stderr.on('data', (b: Buffer) => (err += b.toString()));
  return new Promise((resolve, reject) =>
    child.on('exit', (code, signal) =>
      (stopAt === undefined ? code === 0 : signal === 'SIGKILL')
        ? resolve()
        : reject(new Error(`the land ended with ${code ?? signal}: ${out} ${err}`)),
    ),
  );
}

describe('an apply cut off', () => {
  let api: Awaited<ReturnType<typeof freshStart>>;
  let start = '';
  let storage = '';
  before(async function () {
    this.timeout(120_000);
    api = await freshStart(world());
    start = (await git(workspace(), ['rev-parse', 'HEAD'])).trim();
    await waitFor(async () => (await api.changes(TASK, true))?.kind === 'ready', 'the task’s changes', 60_000);
    storage = api.landStorage();
    assert.ok(storage, 'the extension has a storage folder');
  });

  afterEach(async () => {
    api.answer(undefined);
    await git(workspace(), ['reset', '-q', '--hard', start]);
    await git(workspace(), ['clean', '-q', '-fd']);
  });

  it('is named with its task and file count, kept when dismissed, and put back byte for byte', async function () {
    this.timeout(60_000);
    const before = await userState();
    const was = bytes();
    await landElsewhere(storage, 4);
    assert.notDeepEqual(bytes(), was, 'the tree is half written');
    const half = bytes();
    const asked = api.said().length;
    api.answer({ action: () => undefined });
    await vscode.commands.executeCommand(COMMANDS.recoverApply);
    const q = api.said().slice(asked);
    assert.equal(q.length, 1, JSON.stringify(q));
    // (A message's text from a file is made safe to show: an invisible joiner keeps a parenthesis with its word.)
    assert.equal(
      q[0].text.replace(/\u2060/g, ''),
      `Applying the changes of ${LABEL} was cut off while it wrote 5 files into ${workspace()} (the window closed or stopped). Put every file back as it was, or finish writing them?`,
    );
    assert.deepEqual(q[0].actions, ['Put Back', 'Finish Writing']);
    assert.equal((await interrupted(storage)).length, 1, 'dismissed: the journal and its copies are kept');
    assert.deepEqual(bytes(), half, 'dismissed: nothing written');
    assert.equal(api.context()['agentTasks.applyCutOff'], true, 'the command stays offered');

    const said = api.said().length;
    api.answer({ action: (text, actions) => (text.includes('was cut off') ? actions[0] : undefined) });
    await vscode.commands.executeCommand(COMMANDS.recoverApply);
    assert.deepEqual(bytes(), was, 'every file as it was, files that were not there gone');
    assert.deepEqual(await userState(), before);
    assert.equal(fs.existsSync(path.join(workspace(), 'notes')), false, 'the folders the apply made are gone');
    assert.deepEqual(await ofTask(storage), [], 'the journal is cleared once put back');
    assert.ok(
      api
        .said()
        .slice(said)
        .some(s => s.text.replace(/\u2060/g, '') === `Put back 5 files of ${LABEL} as they were.`),
      JSON.stringify(api.said().slice(said)),
    );
    assert.equal(api.context()['agentTasks.applyCutOff'], false);
  });

  it('finished, writes every file as the branch has it, and Undo takes it back', async function () {
    this.timeout(60_000);
    const was = bytes();
    await landElsewhere(storage, 2);
    const said = api.said().length;
    api.answer({ action: (text, actions) => (text.includes('was cut off') ? actions[1] : undefined) });
    await vscode.commands.executeCommand(COMMANDS.recoverApply);
    const head = `refs/agent-tasks/${TASK}/head`;
    for (const p of PATHS.filter(x => x !== 'src/ignite.ts'))
      assert.equal(
        fs.readFileSync(path.join(workspace(), p), 'utf8'),
        await git(workspace(), ['show', `${head}:${p}`]),
        `${p}: ${JSON.stringify(api.said().slice(said))}`,
      );
    assert.equal(fs.existsSync(path.join(workspace(), 'src/ignite.ts')), false);
    await vscode.commands.executeCommand(COMMANDS.undoLastApply);
    assert.deepEqual(bytes(), was);
    assert.equal(await git(workspace(), ['status', '--porcelain', '--untracked-files=all']), '');
  });

  it('Undo Last Apply takes up the record on disk of an apply of a window gone (a reload), byte for byte', async function () {
    this.timeout(60_000);
    const before = await userState();
    const was = bytes();
    await landElsewhere(storage);
    assert.notDeepEqual(bytes(), was, 'applied by the window before');
    const said = api.said().length;
    api.answer({});
    await vscode.commands.executeCommand(COMMANDS.undoLastApply);
    assert.deepEqual(bytes(), was);
    assert.deepEqual(await userState(), before);
    assert.ok(
      api
        .said()
        .slice(said)
        .some(s => s.text === `Put back the files of ${LABEL} as they were.`),
      JSON.stringify(api.said().slice(said)),
    );
    assert.deepEqual(await ofTask(storage), [], 'the record is gone once undone');
  });
});
