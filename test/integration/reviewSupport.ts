// Helpers of the review tests: a world with a task whose branch changes src/countdown.ts in two places (two hunks)
// and adds a note, and a second task on the same branch, queued, whose commit moves the branch when it runs; and the
// rows a task's node shows, read from the node itself.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { ChangesView } from '../../src/model/changesView';
import type { AgentTasksTestApi } from '../../src/testing/testApi';
import type { TreeNode } from '../../src/shared/treeNode';
import { demoWorld, SANDBOX, waitFor, type WorldFile } from './tasksSupport';

export type Ready = Extract<ChangesView, { kind: 'ready' }>;

const lines = (...l: string[]) => `${l.join('\n')}\n`;
export const SIGNATURE = 'export function countdown(from: number): number[] {';
export const LOOP = '  for (let n = from; n > 0; n--) out.push(n);';
/** src/countdown.ts on the task's branch: the signature and the last line changed (two hunks). */
export const REVIEWED = lines(
  'export function countdown(from: number): readonly number[] {',
  '  const out: number[] = [];',
  LOOP,
  '  return out;',
  '} // countdown',
);
/** …and after the second task's commit: a line on top (the rest moves down), the last line changed again. */
export const MOVED = lines('// Counts down.', ...REVIEWED.split('\n').slice(0, 4), '} // countdown, done');

export function reviewWorld(id: string, next: string, head: string, nonce: string): WorldFile {
  const w = demoWorld();
  const now = new Date().toISOString();
  const base = { repository: 5000, creator: 1001, base_ref: 'main', head_ref: head, created_at: now, updated_at: now };
  w.tasks = [
    ...(w.tasks ?? []),
    {
      ...base,
      id,
      prompt: `Tidy the countdown ${nonce}`,
      state: 'completed',
      commits: [
        {
          message: 'Make the countdown read-only\n\nCallers must not change the list they get.',
          files: { 'src/countdown.ts': REVIEWED, 'docs/notes.md': 'Counting down.\n' },
        },
      ],
    },
    {
      ...base,
      id: next,
      prompt: `Say what the countdown does ${nonce}`,
      state: 'queued',
      commits: [{ message: 'Say what the countdown does', files: { 'src/countdown.ts': MOVED } }],
    },
  ];
  return w;
}

export interface Row {
  node: TreeNode;
  item: vscode.TreeItem;
  label: string;
  description: string;
  children: Row[];
}

/** A task's rows in the Repository view, two levels down, read from its node alone. */
export async function rowsOf(api: AgentTasksTestApi, taskId: string): Promise<Row[]> {
  const node = api.taskNode('repoTasks', taskId);
  assert.ok(node, `task ${taskId} is shown`);
  const describe = async (n: TreeNode, depth: number): Promise<Row> => {
    const item = n.getTreeItem();
    const label = typeof item.label === 'string' ? item.label : (item.label?.label ?? '');
    const kids = depth > 0 ? await n.getChildren() : [];
    const description = typeof item.description === 'string' ? item.description : '';
    return { node: n, item, label, description, children: await Promise.all(kids.map(k => describe(k, depth - 1))) };
  };
  return Promise.all((await node.getChildren()).map(k => describe(k, 1)));
}

export const rowOf = (rows: Row[], kind: string): Row => {
  const r = rows.find(x => x.node.kind === kind);
  assert.ok(r, `a ${kind} row among ${rows.map(x => x.label).join(', ')}`);
  return r;
};

export async function ready(api: AgentTasksTestApi, id: string, other?: string): Promise<Ready> {
  return (await waitFor(
    async () => {
      const v = await api.changes(id, true);
      return v?.kind === 'ready' && v.headSha !== other ? v : undefined;
    },
    `the changes of ${id}`,
    90_000,
  ))!;
}

/** Moves a task of the sandbox to a state (its agent commits when it starts working). */
export async function moveTask(id: string, state: string): Promise<void> {
  const r = await fetch(`${SANDBOX}/_sandbox/tasks/${id}`, {
    method: 'PATCH',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ state }),
  });
  assert.equal(r.status, 200, await r.text());
}

/** The head side of a file's diff, opened as a click on its row does. */
export async function openHead(taskId: string, path: string): Promise<vscode.TextEditor> {
  await vscode.commands.executeCommand('agentTasks.openChange', taskId, path);
  return (await waitFor(
    () =>
      vscode.window.visibleTextEditors.find(
        e =>
          e.document.uri.scheme === 'agent-tasks-change' &&
          e.document.uri.path === `/${path}` &&
          e.document.uri.query.includes('"side":"head"'),
      ),
    `the head side of ${path}`,
    120_000,
  ))!;
}

/** waitFor, for what is there once found. */
export async function until<T>(
  probe: () => T | undefined | Promise<T | undefined>,
  what: string,
  ms = 60_000,
): Promise<T> {
  return (await waitFor(probe, what, ms)) as T;
}
