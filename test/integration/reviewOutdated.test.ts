// Comments stay where they were written, in the real VS Code against the sandbox: after their feedback is sent, the
// next round on the branch deletes one file, renames another and changes commented lines; each sent comment stays
// listed (on the diff it was written on and marked outdated, or on its lines where they went, under the file's new
// name), counted on the Changes row, with the task it started a click away. A thread in a diff the user has open
// stays in that diff when the agent pushes, marked outdated, until the diff is closed.
import * as assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import * as vscode from 'vscode';
import { COMMANDS } from '../../src/ids';
import { MOVED, REVIEWED, moveTask, openHead, ready, rowOf, rowsOf, until, type Ready } from './reviewSupport';
import { SEND, demoWorld, freshStart, type WorldFile } from './tasksSupport';

const nonce = randomBytes(4).toString('hex');
const HEAD = `agent/outdated-${nonce}`;
const TASK = `outdated-${nonce}`;
const NEXT = `outdated-next-${nonce}`;
const THIRD = `outdated-third-${nonce}`;
const STEPS = 'export const steps = [3, 2, 1];\nexport const first = steps[0];\nexport const last = steps[2];\n';
/** src/countdown.ts after the third round: one more line on top. */
const THIRD_TEXT = `// Third round.\n${MOVED}`;

type Api = Awaited<ReturnType<typeof freshStart>>;
type Thread = ReturnType<Api['review']['threads']>[number];

/**
 * The task's first round changes src/countdown.ts, adds docs/notes.md and src/steps.ts; its next round (queued, on the
 * same branch) deletes the notes, renames steps.ts to stepper.ts and changes countdown.ts; a third round changes
 * countdown.ts again.
 */
function world(): WorldFile {
  const w = demoWorld();
  const now = new Date().toISOString();
  const base = { repository: 5000, creator: 1001, base_ref: 'main', head_ref: HEAD, created_at: now, updated_at: now };
  w.tasks = [
    ...(w.tasks ?? []),
    {
      ...base,
      id: TASK,
      prompt: `Tidy the countdown ${nonce}`,
      state: 'completed',
      commits: [
        {
          message: 'Tidy the countdown',
          files: { 'src/countdown.ts': REVIEWED, 'docs/notes.md': 'Counting down.\n', 'src/steps.ts': STEPS },
        },
      ],
    },
    {
      ...base,
      id: NEXT,
      prompt: `Drop the notes ${nonce}`,
      state: 'queued',
      commits: [
        {
          message: 'Drop the notes, name the steps',
          files: { 'src/countdown.ts': MOVED, 'docs/notes.md': null, 'src/stepper.ts': { from: 'src/steps.ts' } },
        },
      ],
    },
    {
      ...base,
      id: THIRD,
      prompt: `One more line ${nonce}`,
      state: 'queued',
      commits: [{ message: 'One more line', files: { 'src/countdown.ts': THIRD_TEXT } }],
    },
  ];
  return w;
}

async function comment(api: Api, uri: vscode.Uri, line: number, text: string): Promise<string> {
  const thread = api.review.emptyThread(uri, new vscode.Range(line, 0, line, 0));
  const made = await vscode.commands.executeCommand<{ id: string }>(COMMANDS.addComment, { thread, text });
  assert.ok(made?.id, 'the comment is kept');
  return made.id;
}

const closeAll = () => vscode.commands.executeCommand('workbench.action.closeAllEditors');
const path = (t: Thread) => vscode.Uri.parse(t.uri).path;

/** Moves the branch by starting a queued round, and waits for the task's Changes to show the new head. */
async function push(api: Api, round: string, from: string): Promise<Ready> {
  await moveTask(round, 'in_progress');
  await vscode.commands.executeCommand(COMMANDS.refresh);
  return ready(api, TASK, from);
}

describe('review: comments stay where they were written', () => {
  let api: Api;
  let first: Ready;
  let moved: Ready;
  const ids: Record<string, string> = {};

  before(async function () {
    this.timeout(240_000);
    api = await freshStart(world());
    first = await ready(api, TASK);
    await api.expandTask('repoTasks', TASK);
  });

  after(async () => {
    api.answer(undefined);
    await closeAll();
  });

  it('a sent comment on a file the next round deletes stays listed, outdated, counted, and leads to its task', async function () {
    this.timeout(240_000);
    await closeAll();
    ids.notes = await comment(api, (await openHead(TASK, 'docs/notes.md')).document.uri, 0, 'Say when it stops.');
    ids.steps = await comment(api, (await openHead(TASK, 'src/steps.ts')).document.uri, 1, 'Name it head.');
    const countdown = (await openHead(TASK, 'src/countdown.ts')).document.uri;
    ids.loop = await comment(api, countdown, 2, 'Use a while loop.');
    ids.end = await comment(api, countdown, 4, 'Name the end of the function.');
    api.answer({ confirm: true, pick: SEND });
    const started = await vscode.commands.executeCommand<{ ok: boolean; task: { id: string } }>(COMMANDS.sendFeedback, {
      task: { id: TASK, state: 'completed' },
      prompt: `Address the review ${nonce}`,
    });
    assert.equal(started?.ok, true, JSON.stringify(started));
    await until(() => {
      const t = api.review.threads(TASK);
      return t.length === 4 && t.every(x => x.label?.startsWith('Sent to the agent: “')) ? t : undefined;
    }, 'the comments marked sent');
    // No diff is open: each thread follows the rules alone.
    await closeAll();
    moved = await push(api, NEXT, first.headSha);
    const threads = await until(() => {
      const t = api.review.threads(TASK);
      return t.some(x => x.uri.includes(moved.headSha)) &&
        t.every(x => x.commentId !== ids.steps || x.uri.includes(moved.headSha))
        ? t
        : undefined;
    }, 'the threads drawn for the next round');
    const of = (id: string) => threads.find(t => t.commentId === id);
    const sentTo = /^Sent to the agent: “[^”]+”/;
    // The deleted file's comment: listed, on the diff it was written on, its lines and text as written, outdated.
    const notes = of(ids.notes);
    assert.ok(notes, `the comment on the deleted file is listed: ${JSON.stringify(threads)}`);
    assert.equal(path(notes), '/docs/notes.md');
    assert.ok(notes.uri.includes(first.headSha), 'on the head it was written on');
    assert.deepEqual([notes.start, notes.end, notes.body, notes.noteLabel], [0, 0, 'Say when it stops.', 'Outdated']);
    assert.match(notes.label ?? '', sentTo);
    assert.match(notes.label ?? '', / · outdated: the branch deleted this file since, shown as it was$/);
    // The renamed file's comment: moved to the new name, on its line, not outdated.
    const steps = of(ids.steps);
    assert.ok(steps, 'the comment on the renamed file is listed');
    assert.equal(path(steps), '/src/stepper.ts');
    assert.deepEqual([steps.start, steps.noteLabel], [1, undefined]);
    assert.match(steps.label ?? '', new RegExp(`${sentTo.source}$`));
    // Lines still there follow them; lines changed keep the comment where it was written, outdated.
    const loop = of(ids.loop);
    assert.ok(loop, 'the comment on lines still there is listed');
    assert.ok(loop.uri.includes(moved.headSha), 'on the new head');
    assert.deepEqual([loop.start, loop.noteLabel], [3, undefined]);
    const end = of(ids.end);
    assert.ok(end, 'the comment on changed lines is listed');
    assert.ok(end.uri.includes(first.headSha), 'the changed lines’ comment stays on the diff it was written on');
    assert.deepEqual([end.start, end.body, end.noteLabel], [4, 'Name the end of the function.', 'Outdated']);
    assert.match(end.label ?? '', / · outdated: its lines changed since, shown as they were$/);
    // Counted under its task, and its task a click away.
    assert.match(rowOf(await rowsOf(api, TASK), 'changes').description, /· 4 comments sent$/);
    await vscode.commands.executeCommand(COMMANDS.openSentTask, { taskId: TASK, commentId: ids.notes });
    await until(() => api.taskPages.openTaskIds().includes(started.task.id) || undefined, 'the task it started');
  });

  it('a thread in a diff the user has open stays there when the agent pushes, outdated, until the diff closes', async function () {
    this.timeout(240_000);
    await closeAll();
    const editor = await openHead(TASK, 'src/countdown.ts');
    assert.ok(editor.document.uri.query.includes(moved.headSha), 'the diff of the head shown');
    ids.top = await comment(api, editor.document.uri, 0, 'Say more than this.');
    const third = await push(api, THIRD, moved.headSha);
    const pushed = / · outdated: the agent pushed since this diff was opened$/;
    const kept = await until(() => {
      const t = api.review.threads(TASK).filter(x => x.commentId === ids.loop || x.commentId === ids.top);
      return t.length === 2 && t.every(x => pushed.test(x.label ?? '') || x.uri.includes(third.headSha))
        ? t
        : undefined;
    }, 'the threads of the open diff drawn after the push');
    assert.deepEqual(
      kept.map(t => [t.uri === editor.document.uri.toString(), t.start, t.noteLabel]).sort(),
      [
        [true, 0, 'Outdated'],
        [true, 3, 'Outdated'],
      ],
      JSON.stringify(kept),
    );
    assert.ok(kept.every(t => pushed.test(t.label ?? '')));
    // The diff closed: they follow their lines onto the new head.
    await closeAll();
    const after = await until(() => {
      const t = api.review.threads(TASK).filter(x => x.commentId === ids.loop || x.commentId === ids.top);
      return t.every(x => x.uri.includes(third.headSha)) ? t : undefined;
    }, 'the threads on the new head once the diff closed');
    assert.deepEqual(after.map(t => [t.start, t.label?.replace(/“[^”]+”/, '“…”'), t.noteLabel]).sort(), [
      [1, 'Not sent to the agent yet', undefined],
      [4, 'Sent to the agent: “…”', undefined],
    ]);
  });
});
