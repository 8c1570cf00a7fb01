// Apply Changes (a task, or one file of its Changes), Check Out in New Worktree, and taking either back (Undo Last
// Apply, Remove Worktree — commands for as long as there is something to take back, and a button on each message).
// Each reads the branch the Changes view fetched into our refs, finds the task by its id, and names it with its
// branch beside its name so that two tasks named alike are told apart.
import * as vscode from 'vscode';
import type { Task } from '../../api';
import { sayWhenBehind } from '../behind';
import type { ReviewTabs } from '../reviewTabs';
import type { CommandRegistry } from '../../shared/registry';
import { taskOf } from '../../shared/taskArgs';
import { COMMANDS } from '../../ids';
import { DisposableBase } from '../../lifecycle';
import { forMessage, forQuickPick, plainName } from '../../safety/serviceText';
import { tell } from '../../ui';
import { ApplyFailed, ApplyRefused, applyChanges, undoApply, type Applied } from './applyChanges';
import type { Landed } from './land';
import { LandHistory } from './landHistory';
import { taskLabel } from './taskLabel';
import type { LandDeps, Ready } from './landDeps';
import type { ToolFile } from './toolFiles';
import { WorktreeCommands } from './worktreeCommands';
import { ApplyHunk } from './applyHunk';
import { RecoverApply } from './recoverCommand';
import { chooseRound, chosenInWords, type RoundChosen } from '../rounds/roundChoice';
import { isActive } from '../../shared/taskState';

/** Context key: the active editor is a task's Review Changes. */
const REVIEWING = 'agentTasks.reviewingChanges';

/** What the commands are handed: a task node or a task, or a changed file's node (its task and path). */
function fileOf(arg: unknown): { taskId: string; path: string } | undefined {
  const a = arg as { taskId?: unknown; file?: { path?: unknown } } | undefined;
  return typeof a?.taskId === 'string' && typeof a.file?.path === 'string'
    ? { taskId: a.taskId, path: a.file.path }
    : undefined;
}

const files = (n: number): string => (n === 1 ? vscode.l10n.t('{0} file', n) : vscode.l10n.t('{0} files', n));
const toolList = (tools: readonly ToolFile[]): string =>
  forMessage(tools.map(f => `${f.path} (${f.why})`).join(', '), 900);

export class LandCommands extends DisposableBase {
  private readonly history = this.register(new LandHistory((key, on) => this.d.setContext(key, on)));
  private readonly worktrees: WorktreeCommands;
  private readonly recovery = new RecoverApply(
    () => this.d,
    this.history,
    text => this.landedWithUndo('info', text),
  );
  /** Ends the message of the last apply, whose Undo means that apply. */
  private offerEnds: (() => void) | undefined;
  private readonly hunks = new ApplyHunk(() => this.d, {
    task: id => this.d.task(id),
    applyFrom: (task, view, how) => this.applyFrom(task, view, how),
  });

  constructor(
    /** Built when a command first runs (the changes feature loads then). */
    private readonly deps: () => LandDeps,
    commands: CommandRegistry,
    private readonly reviewTabs: ReviewTabs,
  ) {
    super();
    this.worktrees = new WorktreeCommands(deps, this.history, {
      pick: (a, p) => this.pick(a, p),
      ready: id => this.ready(id),
    });
    this.register(
      commands.register({
        [COMMANDS.applyChanges]: (a: unknown) => this.apply(a),
        [COMMANDS.checkOutWorktree]: (a: unknown) => this.worktrees.checkOut(a),
        [COMMANDS.undoLastApply]: () => this.undo(),
        [COMMANDS.recoverApply]: () => this.recovery.run(),
        [COMMANDS.removeWorktree]: () => this.worktrees.remove(),
        [COMMANDS.applyHunk]: (uri: unknown) => this.hunks.apply(uri),
      }),
    );
    // The multi-file diff's title bar offers Apply Changes only on a task's Review Changes.
    const look = () =>
      void vscode.commands.executeCommand('setContext', REVIEWING, this.reviewTabs.activeTask() !== undefined);
    this.register(vscode.window.tabGroups.onDidChangeTabs(look));
    this.register(vscode.window.tabGroups.onDidChangeTabGroups(look));
  }

  private get d(): LandDeps {
    return this.deps();
  }

  private async pick(arg: unknown, placeHolder: string): Promise<Task | undefined> {
    const file = fileOf(arg);
    const given = taskOf(arg);
    const id = given?.id ?? file?.taskId ?? this.reviewTabs.activeTask();
    const known = id !== undefined ? (this.d.task(id) ?? given) : undefined;
    if (known) return known;
    const withBranch = this.d.tasks().filter(x => x.session_count > 0);
    if (!withBranch.length) {
      tell(this.d.ui, 'info', vscode.l10n.t('No task has a branch yet.'));
      return undefined;
    }
    const items = withBranch.map(x => ({
      label: forQuickPick(plainName(x.name) || x.id),
      description: forQuickPick(x.id),
      task: x,
    }));
    return (await this.d.ui.pick(items, { placeHolder }))?.task;
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

  private confirmTools(label: string) {
    return (tools: readonly ToolFile[]): Promise<boolean> =>
      this.d.ui.confirm(
        vscode.l10n.t('Write files that configure tools?'),
        vscode.l10n.t(
          'The changes of {0} write files that can make VS Code, git or other tools run programs: {1}.',
          label,
          toolList(tools),
        ),
        vscode.l10n.t('Write Them'),
      );
  }

  private async apply(arg: unknown): Promise<Applied | undefined> {
    const task = await this.pick(arg, vscode.l10n.t('Apply the changes of which task?'));
    if (!task) return undefined;
    const view = await this.ready(task.id);
    if (!view) return undefined;
    const only = fileOf(arg)?.path;
    // Later rounds on the branch are said, and chosen between, before anything is written.
    const chosen = await this.whichRound(task, view);
    if (!chosen) return undefined;
    const upTo = chosenInWords(chosen);
    const label = taskLabel(task, view.head);
    const what =
      only !== undefined
        ? forMessage(only, 200)
        : upTo
          ? vscode.l10n.t('the changes of {0}, {1},', label, upTo)
          : undefined;
    // The commits the Changes row shows (or this task's round of them), not the refs a later fetch may have moved.
    return this.applyFrom(task, view, {
      headRef: chosen.head,
      ...(only !== undefined ? { only } : {}),
      ...(what !== undefined ? { what } : {}),
    });
  }

  /** The rounds read again now (the repository's later tasks included), then the user's choice when they matter. */
  private async whichRound(task: Task, view: Ready): Promise<RoundChosen | undefined> {
    const fresh = await this.d.changes.withRounds(task.id);
    const now = fresh.kind === 'ready' && fresh.headSha === view.headSha ? fresh : view;
    const state = this.d.task(task.id)?.state ?? task.state;
    const running = isActive(state) ? plainName(task.name) || task.id : undefined;
    return chooseRound(this.d.ui, now, taskLabel(task, view.head), 'apply', running);
  }

  /**
   * Applies `how.headRef` (the task's head, or Apply This Change's commit) against the task's base, limited to
   * `how.only`, and says it in one line with Undo. `how.what` names what was applied (default: the file, or the task).
   */
  async applyFrom(
    task: Task,
    view: Ready,
    how: { headRef: string; only?: string; what?: string; ours?: ReadonlyMap<string, string> },
  ): Promise<Applied | undefined> {
    const git = this.d.gitPath();
    if (!git) return undefined;
    const only = how.only;
    const label = taskLabel(task, view.head);
    let applied: Applied;
    try {
      applied = await applyChanges(
        this.d.git,
        git,
        {
          root: view.root,
          baseRef: view.baseSha,
          headRef: how.headRef,
          head: view.head,
          base: view.base,
          ...(only !== undefined ? { only } : {}),
        },
        {
          storage: this.d.storage(),
          confirmTools: this.confirmTools(label),
          task: { id: task.id, label },
          ...(how.ours ? { ours: how.ours } : {}),
        },
      );
    } catch (e) {
      if (e instanceof ApplyRefused || e instanceof ApplyFailed) {
        this.d.log.warn(`apply ${task.id}: ${e.name}`);
        tell(this.d.ui, e instanceof ApplyFailed ? 'error' : 'warning', forMessage(e.message, 1200));
        return undefined;
      }
      throw e;
    }
    this.d.log.info(`apply ${task.id}: ${applied.files} files written, ${applied.conflicts.length} conflicts`);
    void sayWhenBehind(this.d.changes, this.d.ui, task.id, view);
    const what = how.what ?? (only !== undefined ? forMessage(only, 200) : vscode.l10n.t('the changes of {0}', label));
    if (!applied.landed) {
      const text = applied.conflicts.length
        ? vscode.l10n.t(
            'Nothing of {0} could be applied: {1}.',
            what,
            applied.conflicts.map(c => `${forMessage(c.path, 200)} (${c.why})`).join(', '),
          )
        : vscode.l10n.t('Nothing to apply: your files already have {0}.', what);
      tell(this.d.ui, applied.conflicts.length ? 'warning' : 'info', text);
      return applied;
    }
    const landed = applied.landed;
    this.history.addApply({ taskId: task.id, label, landed });
    const conflicts = applied.conflicts.length
      ? ` ${vscode.l10n.t(
          applied.conflicts.length === 1 ? '{0} needs you: {1}.' : '{0} need you: {1}.',
          files(applied.conflicts.length),
          applied.conflicts.map(c => `${forMessage(c.path, 200)} (${c.why})`).join(', '),
        )}`
      : '';
    const text = vscode.l10n.t('Applied {0} as uncommitted changes: {1}.{2}', what, files(applied.files), conflicts);
    this.landedWithUndo(applied.conflicts.length ? 'warning' : 'info', text);
    return applied;
  }

  /** Keep the best of each: `write` lands a set's picks (asking as Apply Changes asks); said with Undo, as it says. */
  async landPicks(
    who: { id: string; label: string },
    write: (confirmTools: (tools: readonly ToolFile[]) => Promise<boolean>) => Promise<Applied>,
  ): Promise<Applied | undefined> {
    const applied = await write(this.confirmTools(who.label)).catch((e: unknown) => {
      if (!(e instanceof ApplyRefused || e instanceof ApplyFailed)) throw e;
      this.d.log.warn(`apply picks of ${who.id}: ${e.name}`);
      tell(this.d.ui, e instanceof ApplyFailed ? 'error' : 'warning', forMessage(e.message, 1200));
    });
    if (!applied) return undefined;
    this.d.log.info(`apply picks of ${who.id}: ${applied.files} files written, ${applied.conflicts.length} conflicts`);
    const what = vscode.l10n.t('the versions picked of {0}', who.label);
    const conflicts = applied.conflicts.map(c => `${forMessage(c.path, 200)} (${c.why})`).join(', ');
    const n = applied.conflicts.length;
    if (!applied.landed) {
      const text = n
        ? vscode.l10n.t('Nothing of {0} could be applied: {1}.', what, conflicts)
        : vscode.l10n.t('Nothing to apply: your files already have {0}.', what);
      tell(this.d.ui, n ? 'warning' : 'info', text);
      return applied;
    }
    this.history.addApply({ taskId: who.id, label: who.label, landed: applied.landed });
    const need = n
      ? ` ${vscode.l10n.t(n === 1 ? '{0} needs you: {1}.' : '{0} need you: {1}.', files(n), conflicts)}`
      : '';
    const text = vscode.l10n.t('Applied {0} as uncommitted changes: {1}.{2}', what, files(applied.files), need);
    this.landedWithUndo(n ? 'warning' : 'info', text);
    return applied;
  }

  /** Says an apply landed. Its Undo is Undo Last Apply, meant for this apply: the message goes once it is undone or
   *  another apply lands. */
  private landedWithUndo(kind: 'info' | 'warning', text: string): void {
    this.offerEnds?.();
    const ends = new Promise<void>(resolve => (this.offerEnds = resolve));
    this.d.ui.offer(kind, text, [{ title: vscode.l10n.t('Undo'), command: COMMANDS.undoLastApply }], ends);
  }

  /** Takes back the apply given (a message's Undo) or the newest one (the command). */
  private async undo(landed?: Landed): Promise<void> {
    // The applies of the window before a reload, from their records on disk.
    await this.history.adopt(this.d.storage());
    this.offerEnds?.();
    this.offerEnds = undefined;
    const entry = this.history.takeApply(landed);
    if (!entry) {
      tell(this.d.ui, 'info', vscode.l10n.t('Nothing to undo: no apply of this window can be taken back any more.'));
      return;
    }
    const undone = await undoApply(entry.landed);
    this.history.putBack(undone.putBack);
    this.d.log.info(`undo apply ${entry.taskId}: ${undone.restored.length} put back`);
    const left = undone.changedSince.length
      ? ` ${vscode.l10n.t(
          'Left {0} you changed since: {1}.',
          files(undone.changedSince.length),
          forMessage(undone.changedSince.join(', '), 400),
        )}`
      : '';
    tell(this.d.ui, 'info', vscode.l10n.t('Put back the files of {0} as they were.{1}', entry.label, left));
  }
}
