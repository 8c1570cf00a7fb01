// Review Changes (all files in the multi-file diff editor), one file's diff, and reading a task's changes again.
import * as vscode from 'vscode';
import type { Task } from '../api';
import { taskOf } from '../shared/taskArgs';
import type { CommandRegistry } from '../shared/registry';
import { COMMANDS } from '../ids';
import { DisposableBase } from '../lifecycle';
import type { Log } from '../log';
import { forLabel, forMessage, forQuickPick, plainName } from '../safety/serviceText';
import { tell, type Ui } from '../ui';
import type { ChangesModel } from './changesModel';
import { diffPair } from './changeUris';
import type { ReviewTabs } from './reviewTabs';
import { openMultiDiff, resourcesOf, type ReviewOpened } from './multiDiff';
import { sayWhenBehind } from './behind';
import type { ChangedFile, ChangesView } from '../model/changesView';
import { chooseRound } from './rounds/roundChoice';
import { taskLabel } from './land/taskLabel';

type Ready = Extract<ChangesView, { kind: 'ready' }>;

export type { ReviewOpened };

export interface ChangesCommandsDeps {
  changes: ChangesModel;
  /** Every task the views know, for the palette's question. */
  tasks(): Task[];
  ui: Ui;
  log: Log;
  /** The user reviewed the task's branch at this head (what "since the last time you reviewed" starts from). */
  reviewed?(taskId: string, head: string): Promise<void>;
  /** The files of `base...head` for `head`, a commit of the view's branch (the end of a task's round). */
  filesUpTo(view: Ready, head: string): Promise<readonly ChangedFile[]>;
}

export class ChangesCommands extends DisposableBase {
  constructor(
    /** Built when a command first runs (the changes feature loads then). */
    private readonly deps: () => ChangesCommandsDeps,
    commands: CommandRegistry,
    /** Which task each Review Changes editor shows (Apply from its title bar reads it). */
    private readonly tabs?: ReviewTabs,
  ) {
    super();
    this.register(
      commands.register({
        [COMMANDS.reviewChanges]: (a: unknown) => this.review(a),
        [COMMANDS.openChange]: (id: unknown, path: unknown) => this.openFile(id, path),
        [COMMANDS.refreshChanges]: (a: unknown) => this.refresh(a),
      }),
    );
  }

  private get d(): ChangesCommandsDeps {
    return this.deps();
  }

  private async pick(arg: unknown): Promise<Task | undefined> {
    const t = taskOf(arg);
    if (t) return t;
    const withBranch = this.d.tasks().filter(x => x.session_count > 0);
    if (!withBranch.length) {
      tell(this.d.ui, 'info', vscode.l10n.t('No task has a branch to review yet.'));
      return undefined;
    }
    const picked = await this.d.ui.pick(
      withBranch.map(x => ({
        label: forQuickPick(plainName(x.name) || x.id),
        description: forQuickPick(x.state),
        task: x,
      })),
      { placeHolder: vscode.l10n.t('Review the changes of which task?') },
    );
    return picked?.task;
  }

  /** The changes once read (waiting for a read under way); a reason told to the user when there are none. */
  private async ready(taskId: string): Promise<Ready | undefined> {
    let view = this.d.changes.get(taskId);
    if (view.kind === 'loading') {
      await this.d.changes.load(taskId);
      view = this.d.changes.get(taskId);
    }
    if (view.kind === 'ready') return view;
    const why = view.kind === 'loading' ? vscode.l10n.t('they are still being read') : `${view.why}. ${view.todo}`;
    tell(this.d.ui, 'info', vscode.l10n.t('No changes to show: {0}', forMessage(why, 400)));
    return undefined;
  }

  /** Every changed file in the multi-file diff editor, base on the left, head on the right. */
  private async review(arg: unknown): Promise<ReviewOpened | undefined> {
    const task = await this.pick(arg);
    if (!task) return undefined;
    const shown = await this.ready(task.id);
    if (!shown) return undefined;
    const fresh = await this.d.changes.withRounds(task.id);
    const now = fresh.kind === 'ready' && fresh.headSha === shown.headSha ? fresh : shown;
    const name = plainName(task.name) || task.id;
    // Later rounds on the branch are said, and chosen between, before anything opens.
    const chosen = await chooseRound(this.d.ui, now, taskLabel(task, now.head), 'review');
    if (!chosen) return undefined;
    const upTo = chosen.which === 'round';
    const view = upTo ? { ...now, headSha: chosen.head, files: await this.d.filesUpTo(now, chosen.head) } : now;
    if (!view.files.length) {
      tell(
        this.d.ui,
        'info',
        vscode.l10n.t(
          'The branch {0} changes no file against {1}.',
          forMessage(view.head, 120),
          forMessage(view.base, 120),
        ),
      );
      return { files: 0, resources: [] };
    }
    const resources = resourcesOf(view.files, view.root, view.baseSha, view.headSha, { task: task.id });
    const wanted = forLabel(
      upTo
        ? vscode.l10n.t(
            'Changes of “{0}” up to its round ({1} ↔ {2} at {3})',
            name,
            view.base,
            view.head,
            chosen.head.slice(0, 7),
          )
        : vscode.l10n.t('Changes of “{0}” ({1} ↔ {2})', name, view.base, view.head),
      200,
    );
    const title = this.tabs?.titleFor(wanted, task.id) ?? wanted;
    const opened = await openMultiDiff(title, resources);
    if (view.toolFiles?.length)
      tell(
        this.d.ui,
        'warning',
        vscode.l10n.t(
          'The changes of “{0}” ({1}) touch files that configure tools (they can run programs): {2}.',
          forMessage(name, 80),
          forMessage(view.head, 120),
          forMessage(view.toolFiles.map(f => `${f.path} (${f.why})`).join(', '), 900),
        ),
      );
    this.d.log.info(`review changes of task ${task.id}: ${view.files.length} files${upTo ? ' (its round)' : ''}`);
    if (!upTo) await this.d.reviewed?.(task.id, view.headSha);
    void sayWhenBehind(this.d.changes, this.d.ui, task.id, now);
    return opened;
  }

  private async openFile(taskId: unknown, path: unknown): Promise<void> {
    if (typeof taskId !== 'string' || typeof path !== 'string') return;
    const view = this.d.changes.known(taskId);
    const file = view?.kind === 'ready' ? view.files.find(f => f.path === path) : undefined;
    if (view?.kind !== 'ready' || !file) {
      tell(this.d.ui, 'info', vscode.l10n.t('This file is no longer among the changes: the branch moved.'));
      return;
    }
    await openDiff(file, view, taskId);
  }

  private async refresh(arg: unknown): Promise<void> {
    const t = taskOf(arg);
    if (t) await this.d.changes.load(t.id, true);
  }
}

export async function openDiff(file: ChangedFile, view: Ready, taskId: string): Promise<void> {
  const { original, modified } = diffPair(file, view.root, view.baseSha, view.headSha, { task: taskId });
  const title = forLabel(`${file.path} (${view.base} ↔ ${view.head})`, 200);
  await vscode.commands.executeCommand('vscode.diff', original, modified, title, { preview: true });
}
