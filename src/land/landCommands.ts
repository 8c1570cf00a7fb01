// Apply Changes (a task, or one file of its Changes) and Check Out in New Worktree: the agent's work brought into the
// user's working copy, each said in one line with Undo. Both read the branch the Changes view fetched into our refs.
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as vscode from 'vscode';
import type { Task } from '../api';
import type { ChangesModel } from '../changes/changesModel';
import type { GitRunner } from '../changes/gitRunner';
import { sayWhenBehind } from '../changes/behind';
import { headRefOf } from '../changes/taskRefs';
import type { ChangesView } from '../changes/types';
import type { CommandRegistry } from '../commands/registry';
import { taskOf } from '../commands/taskArgs';
import { COMMANDS } from '../ids';
import { DisposableBase } from '../lifecycle';
import type { Log } from '../log';
import { refProblem } from '../safety/gitRef';
import { forMessage, forQuickPick, plainName } from '../safety/serviceText';
import { tell, type Ui } from '../ui';
import { ApplyRefused, applyChanges, undoApply, type Applied } from './applyChanges';
import { checkOutInWorktree, defaultWorktreePath, removeWorktree, worktreeOf } from './worktrees';

type Ready = Extract<ChangesView, { kind: 'ready' }>;

/** Context key: the active editor is a task's Review Changes. */
const REVIEWING = 'agentTasks.reviewingChanges';

export interface LandDeps {
  changes: ChangesModel;
  git: GitRunner;
  /** The user's git program, or undefined when there is none. */
  gitPath(): string | undefined;
  /** The remote of the local clone that holds the task's repository. */
  remoteOf(task: Task): string | undefined;
  task(id: string): Task | undefined;
  /** Every task the views know, for the palette's question. */
  tasks(): Task[];
  ui: Ui;
  log: Log;
}

/** What the commands are handed: a task node or a task, or a changed file's node (its task and path). */
function fileOf(arg: unknown): { taskId: string; path: string } | undefined {
  const a = arg as { taskId?: unknown; file?: { path?: unknown } } | undefined;
  return typeof a?.taskId === 'string' && typeof a.file?.path === 'string'
    ? { taskId: a.taskId, path: a.file.path }
    : undefined;
}

const nameOf = (t: Task): string => forMessage(plainName(t.name) || t.id, 80);
const files = (n: number): string => (n === 1 ? vscode.l10n.t('{0} file', n) : vscode.l10n.t('{0} files', n));

export class LandCommands extends DisposableBase {
  constructor(
    /** Built when a command first runs (the changes feature loads then). */
    private readonly deps: () => LandDeps,
    commands: CommandRegistry,
  ) {
    super();
    this.register(
      commands.register({
        [COMMANDS.applyChanges]: (a: unknown) => this.apply(a),
        [COMMANDS.checkOutWorktree]: (a: unknown) => this.worktree(a),
      }),
    );
    // The multi-file diff's title bar offers Apply Changes only on a task's Review Changes.
    const look = () => void vscode.commands.executeCommand('setContext', REVIEWING, this.reviewed() !== undefined);
    this.register(vscode.window.tabGroups.onDidChangeTabs(look));
    this.register(vscode.window.tabGroups.onDidChangeTabGroups(look));
  }

  private get d(): LandDeps {
    return this.deps();
  }

  private async pick(arg: unknown, placeHolder: string): Promise<Task | undefined> {
    const file = fileOf(arg);
    const given = taskOf(arg);
    const t = (given && (this.d.task(given.id) ?? given)) ?? (file ? this.d.task(file.taskId) : undefined);
    if (t ?? this.reviewed()) return t ?? this.reviewed();
    const withBranch = this.d.tasks().filter(x => x.session_count > 0);
    if (!withBranch.length) {
      tell(this.d.ui, 'info', vscode.l10n.t('No task has a branch yet.'));
      return undefined;
    }
    const items = withBranch.map(x => ({ label: forQuickPick(plainName(x.name) || x.id), task: x }));
    return (await this.d.ui.pick(items, { placeHolder }))?.task;
  }

  /** The task whose Review Changes is the active editor (the multi-file diff's title bar hands no task). */
  private reviewed(): Task | undefined {
    const label = vscode.window.tabGroups.activeTabGroup.activeTab?.label;
    if (!label?.startsWith('Changes of “')) return undefined;
    return this.d.tasks().find(t => label.startsWith(`Changes of “${plainName(t.name) || t.id}”`));
  }

  private async ready(taskId: string): Promise<Ready | undefined> {
    let view = this.d.changes.get(taskId);
    if (view.kind !== 'ready') {
      await this.d.changes.load(taskId);
      view = this.d.changes.get(taskId);
    }
    if (view.kind === 'ready') return view;
    const why = view.kind === 'loading' ? vscode.l10n.t('they are still being read') : `${view.why}. ${view.todo}`;
    tell(this.d.ui, 'info', vscode.l10n.t("The task's changes cannot be used: {0}", forMessage(why, 400)));
    return undefined;
  }

  private async apply(arg: unknown): Promise<Applied | undefined> {
    const task = await this.pick(arg, vscode.l10n.t('Apply the changes of which task?'));
    if (!task) return undefined;
    const view = await this.ready(task.id);
    const git = this.d.gitPath();
    if (!view || !git) return undefined;
    const only = fileOf(arg)?.path;
    let applied: Applied;
    try {
      // The commits the Changes row shows, not the refs a later fetch may have moved.
      applied = await applyChanges(this.d.git, git, {
        root: view.root,
        baseRef: view.baseSha,
        headRef: view.headSha,
        ...(only !== undefined ? { only } : {}),
      });
    } catch (e) {
      if (!(e instanceof ApplyRefused)) throw e;
      tell(this.d.ui, 'warning', forMessage(e.message, 900));
      return undefined;
    }
    this.d.log.info(`apply ${task.id}: ${applied.written.length} written, ${applied.conflicts.length} conflicts`);
    void sayWhenBehind(this.d.changes, this.d.ui, task.id, view);
    const what = only !== undefined ? forMessage(only, 200) : vscode.l10n.t('the changes of “{0}”', nameOf(task));
    if (applied.written.length === 0 && applied.conflicts.length === 0) {
      tell(this.d.ui, 'info', vscode.l10n.t('Nothing to apply: your files already have {0}.', what));
      return applied;
    }
    const conflicts = applied.conflicts.length
      ? ` ${vscode.l10n.t(
          applied.conflicts.length === 1 ? '{0} needs you: {1}.' : '{0} need you: {1}.',
          files(applied.conflicts.length),
          applied.conflicts.map(c => `${forMessage(c.path, 200)} (${c.why})`).join(', '),
        )}`
      : '';
    const text = vscode.l10n.t(
      'Applied {0} as uncommitted changes: {1}.{2}',
      what,
      files(applied.written.length),
      conflicts,
    );
    tell(this.d.ui, applied.conflicts.length ? 'warning' : 'info', text, [
      { title: vscode.l10n.t('Undo'), run: () => this.undoApply(view.root, applied) },
    ]);
    return applied;
  }

  private async undoApply(root: string, applied: Applied): Promise<void> {
    const undone = await undoApply(root, applied);
    const since = forMessage(undone.changedSince.join(', '), 400);
    const left = undone.changedSince.length
      ? ` ${vscode.l10n.t('Left {0} you changed since: {1}.', files(undone.changedSince.length), since)}`
      : '';
    tell(this.d.ui, 'info', vscode.l10n.t('Put back {0}.{1}', files(undone.restored.length), left));
  }

  private async worktree(arg: unknown): Promise<{ path: string; reused: boolean } | undefined> {
    const task = await this.pick(arg, vscode.l10n.t('Check out the branch of which task in a new worktree?'));
    if (!task) return undefined;
    const view = await this.ready(task.id);
    if (!view) return undefined;
    const problem = refProblem(view.head);
    if (problem) throw new Error(vscode.l10n.t("The task's branch cannot be checked out: {0}.", problem));
    const found = await worktreeOf(this.d.git, view.root, view.head);
    if (found) {
      tell(
        this.d.ui,
        'info',
        vscode.l10n.t('{0} is in the worktree at {1}: opened it.', forMessage(view.head, 120), found.path),
      );
      await this.d.ui.openWindow(found.path);
      return { path: found.path, reused: true };
    }
    const where = await this.d.ui.input({
      title: vscode.l10n.t('Check Out “{0}” in New Worktree', nameOf(task)),
      prompt: vscode.l10n.t('A new folder for the branch {0}, beside the repository', forMessage(view.head, 120)),
      value: defaultWorktreePath(view.root, view.head),
      validate: v => {
        if (!path.isAbsolute(v.trim())) return vscode.l10n.t('Give the folder’s full path.');
        if (fs.existsSync(v.trim())) return vscode.l10n.t('That folder exists already; choose a new one.');
        return undefined;
      },
    });
    if (where === undefined) return undefined;
    const remote = this.d.remoteOf(task) ?? 'origin';
    const made = await checkOutInWorktree(this.d.git, {
      root: view.root,
      path: where.trim(),
      branch: view.head,
      headRef: headRefOf(task.id),
      remote,
    });
    this.d.log.info(`worktree for ${task.id}: ${made.path}`);
    tell(
      this.d.ui,
      'info',
      vscode.l10n.t('Checked out {0} in a new worktree at {1}.', forMessage(view.head, 120), made.path),
      [
        {
          title: vscode.l10n.t('Undo'),
          run: async () => {
            await removeWorktree(this.d.git, view.root, { ...made, branch: view.head });
            tell(this.d.ui, 'info', vscode.l10n.t('Removed the worktree at {0}.', made.path));
          },
        },
      ],
    );
    await this.d.ui.openWindow(made.path);
    return { path: made.path, reused: made.kind === 'reused' };
  }
}
