// The message of Apply Changes offers Undo only while Undo means that apply: it goes once the apply is undone, from
// the palette's Undo Last Apply or from its own button. Against the sandbox's git, in the real VS Code.
import * as assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as vscode from 'vscode';
import { COMMANDS } from '../../src/ids';
import { git, workspace, worldWithTask } from './changesSupport';
import { freshStart, waitFor, type WorldFile } from './tasksSupport';

const nonce = randomBytes(4).toString('hex');
const TASK = `undo-${nonce}`;
const LINE = `Lift-off ${nonce}.`;

function world(): WorldFile {
  return worldWithTask({
    id: TASK,
    prompt: `Undo me ${nonce}`,
    head_ref: `agent/undo-${nonce}`,
    commits: [{ message: 'Say lift-off', files: { 'README.md': `# rocket\n\n${LINE}\n` } }],
  });
}

describe('the Apply message and its Undo', () => {
  let api: Awaited<ReturnType<typeof freshStart>>;
  let start = '';
  const readme = () => fs.readFileSync(path.join(workspace(), 'README.md'), 'utf8');

  before(async function () {
    this.timeout(120_000);
    api = await freshStart(world());
    start = (await git(workspace(), ['rev-parse', 'HEAD'])).trim();
    await waitFor(async () => (await api.changes(TASK, true))?.kind === 'ready', 'the task’s changes', 60_000);
  });

  afterEach(async () => {
    api.answer(undefined);
    await git(workspace(), ['reset', '-q', '--hard', start]);
    await git(workspace(), ['clean', '-q', '-fd']);
  });

  /** Applies the task's changes; the message said, with its buttons. */
  async function apply(): Promise<ReturnType<typeof api.said>[number]> {
    const from = api.said().length;
    await vscode.commands.executeCommand(COMMANDS.applyChanges, { task: { id: TASK, state: 'completed' } });
    assert.ok(readme().includes(LINE), 'applied');
    const said = api
      .said()
      .slice(from)
      .find(s => s.text.startsWith('Applied '));
    assert.ok(said, JSON.stringify(api.said().slice(from)));
    assert.deepEqual(said.actions, ['Undo']);
    assert.equal(said.gone, false, 'the message stays while its Undo means this apply');
    return said;
  }

  it('goes once Undo Last Apply took the apply back', async function () {
    this.timeout(60_000);
    api.answer({});
    const said = await apply();
    await vscode.commands.executeCommand(COMMANDS.undoLastApply);
    assert.ok(!readme().includes(LINE), 'undone');
    await waitFor(() => said.gone, 'the message with Undo to go');
  });

  it('goes once its own Undo is pressed, and the files are put back', async function () {
    this.timeout(60_000);
    // The user presses Undo on the message as it shows.
    api.answer({
      action: (text, actions) => (text.startsWith('Applied ') && actions.includes('Undo') ? 'Undo' : undefined),
    });
    const from = api.said().length;
    await vscode.commands.executeCommand(COMMANDS.applyChanges, { task: { id: TASK, state: 'completed' } });
    const said = api
      .said()
      .slice(from)
      .find(s => s.text.startsWith('Applied '));
    assert.deepEqual(said?.actions, ['Undo']);
    await waitFor(() => !readme().includes(LINE) && said?.gone, 'the files back and the message gone');
  });
});
