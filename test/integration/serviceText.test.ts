// Text from the service in the real editor: tasks whose prompts' first lines (so their names) are a command link, an
// image and icons with HTML are started in the sandbox and let finish; the notifications, the tree items and the
// status bar must show the same words and nothing that acts. What the notifications carry is read at the `Ui` seam
// (the strings handed to showInformationMessage and its siblings), the tree through the providers' getTreeItem.
import * as assert from 'node:assert/strict';
import { COMMANDS } from '../../src/ids';
import type { AgentTasksTestApi } from '../../src/testing/testApi';
import {
  byId,
  demoWorld,
  freshStart,
  messagesFrom,
  sandboxPost,
  waitFor,
  type TestTreeItem,
  startAsGiven,
} from './tasksSupport';
import { inertLabel, inertMarkdown, inertMessage } from './serviceTextSupport';

// The last also hides zero-width characters (a space, a joiner, a byte order mark) in its words: no surface that
// cannot show them keeps them, so the words read as what they are.
const FIRST_LINES = [
  '[Review](command:workbench.action.openSettings)',
  '![x](https://example.invalid/x.png)',
  '$(zap) <b>bo\u200Bld</b>\u200D \uFEFFnow',
];
/** What a line reads as once the characters that are not seen are gone. */
const seen = (line: string) => line.replace(/\u200B|\u200D|\uFEFF/g, '');
// Each ends differently, so each kind of notification (finished, failed, waiting) carries a hostile name.
const ENDINGS = ['[sandbox:completed]', '[sandbox:failed]', '[sandbox:waiting_for_user]'];

/** The demo world without running tasks: only the tasks started here move, and no demo task finishes twice in a
 * window (the notifier tells each finish once, and a later test of the same world expects to be told). */
function quietWorld() {
  const w = demoWorld();
  w.tasks = (w.tasks ?? []).filter(t => t.state !== 'queued' && t.state !== 'in_progress');
  return w;
}

async function mine(api: AgentTasksTestApi, id: string): Promise<TestTreeItem | undefined> {
  return byId(await api.treeItems('myTasks', 1), id);
}

describe('service text: hostile task names in notifications, tree items and the status bar', () => {
  let api: AgentTasksTestApi;
  before(async function () {
    this.timeout(90_000);
    api = await freshStart(quietWorld());
    // Recorded, not shown: no notification piles up in the window, and none can be clicked.
    api.answer({});
  });
  after(() => api.answer(undefined));

  it('a started task named by a link, an image or icons: its notifications and tree items show the words, never a link, an image or an icon', async function () {
    this.timeout(90_000);
    const said = messagesFrom(api);
    const started: Array<{ id: string; line: string }> = [];
    for (const [i, line] of FIRST_LINES.entries()) {
      const result = await startAsGiven<{ ok: boolean; task: { id: string } }>(COMMANDS.startTask, {
        prompt: `${line}\nthen say what you found ${ENDINGS[i]}`,
      });
      assert.equal(result?.ok, true, JSON.stringify(result));
      started.push({ id: result.task.id, line });
    }
    for (const { line } of started) {
      const mineStarted = said().filter(t => t.includes('started on') && t.replace(/\u2060/g, '').includes(seen(line)));
      assert.equal(mineStarted.length, 1, `one started message names “${line}”: ${JSON.stringify(said())}`);
      inertMessage(mineStarted[0], seen(line));
    }

    await sandboxPost('/_sandbox/advance'); // queued → in_progress: running, in the status bar
    await api.refresh();
    await waitFor(() => api.statusBar().text.includes('running'), 'the status bar to count running tasks');
    const bar = api.statusBar();
    for (const { line } of started) inertMarkdown(bar.tooltip, seen(line), 'status bar tooltip', bar.tooltipRendering);

    await sandboxPost('/_sandbox/advance'); // → the end each prompt asked for
    await api.refresh();
    for (const { line } of started) {
      const told = await waitFor(
        () =>
          said().find(
            t => /” (finished|failed|is waiting for you)\.$/.test(t) && t.replace(/\u2060/g, '').includes(seen(line)),
          ),
        `the end of “${line}” to be told`,
      );
      inertMessage(told!, seen(line));
    }

    for (const { id, line } of started) {
      const item = (await waitFor(() => mine(api, id), `task ${id} in My Tasks`))!;
      // The row may shorten the name (its state keeps its place); the accessible label has it whole.
      assert.doesNotMatch(item.label, /\$\(/, `an icon can form in the label: ${item.label}`);
      inertLabel(item.accessibilityLabel ?? '', seen(line));
      assert.ok(item.tooltip, 'the task has a tooltip');
      inertMarkdown(item.tooltip, seen(line), 'task tooltip', item.tooltipRendering);
      const session = (item.children ?? []).find(c => c.kind === 'session');
      assert.ok(session, `task ${id} shows its session`);
      inertLabel(session.label, seen(line));
      assert.ok(session.tooltip, 'the session has a tooltip');
      inertMarkdown(session.tooltip, seen(line), 'session tooltip', session.tooltipRendering);
    }
  });
});
