// Check Out in New Worktree and Remove Worktree: the task's branch in a folder beside the repository (held to the
// same path rules as Apply; refused with the paths and why), its upstream set with the remote-tracking ref git needs
// to see it, and taken back on request for as long as this window made it.
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as vscode from 'vscode';
import type { Task } from '../../api';
import { isGitError } from '../../git/gitRunner';
import { baseRefOf, headRefOf } from '../taskRefs';
import { refProblem } from '../../safety/gitRef';
import { forMessage } from '../../safety/serviceText';
import { tell } from '../../ui';
import { laterList } from '../rounds/roundsWords';
import type { LandDeps, Ready } from './landDeps';
import { taskLabel } from './taskLabel';
import { ApplyRefused } from './landErrors';
import type { LandHistory, MadeWorktree } from './landHistory';
import {
  checkOutInWorktree,
  defaultWorktreePath,
  removeWorktree,
  worktreeOf,
  worktreeWork,
  type WorktreeWork,
} from './worktrees';

export interface Picking {
  pick(arg: unknown, placeHolder: string): Promise<Task | undefined>;
  ready(taskId: string): Promise<Ready | undefined>;
}

export class WorktreeCommands {
  constructor(
    private readonly deps: () => LandDeps,
    private readonly history: LandHistory,
    private readonly picking: Picking,
  ) {}

  private get d(): LandDeps {
    return this.deps();
  }

  async checkOut(arg: unknown): Promise<{ path: string; reused: boolean } | undefined> {
    const task = await this.picking.pick(arg, vscode.l10n.t('Check out the branch of which task in a new worktree?'));
    if (!task) return undefined;
    const view = await this.picking.ready(task.id);
    const gitPath = this.d.gitPath();
    if (!view || !gitPath) return undefined;
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
    const label = taskLabel(task, view.head);
    // A worktree holds the branch as it is: said when later rounds are on it.
    const fresh = await this.d.changes.withRounds(task.id);
    const rounds = fresh.kind === 'ready' ? fresh.rounds : view.rounds;
    const whose =
      rounds?.shown === 'branch'
        ? ` ${vscode.l10n.t(
            'It holds the branch as it is, later rounds included: {0}.',
            laterList(rounds, s => forMessage(s, 120)),
          )}`
        : '';
    const where = await this.d.ui.input({
      title: vscode.l10n.t('Check Out {0} in New Worktree', label),
      prompt:
        vscode.l10n.t('A new folder for the branch {0}, beside the repository', forMessage(view.head, 120)) + whose,
      value: defaultWorktreePath(view.root, view.head),
      validate: v => {
        if (!path.isAbsolute(v.trim())) return vscode.l10n.t('Give the folder’s full path.');
        if (fs.existsSync(v.trim())) return vscode.l10n.t('That folder exists already; choose a new one.');
        return undefined;
      },
    });
    if (where === undefined) return undefined;
    const remote = this.d.remoteOf(task) ?? 'origin';
    let made;
    try {
      made = await checkOutInWorktree(this.d.git, gitPath, {
        root: view.root,
        path: where.trim(),
        branch: view.head,
        headRef: headRefOf(task.id),
        baseRef: baseRefOf(task.id),
        remote,
      });
    } catch (e) {
      if (e instanceof ApplyRefused) {
        tell(this.d.ui, 'warning', forMessage(vscode.l10n.t('{0} was not checked out. {1}', label, e.message), 1200));
        return undefined;
      }
      if (isGitError(e)) {
        tell(
          this.d.ui,
          'error',
          forMessage(
            vscode.l10n.t('git could not check out {0}: {1}. No branch or folder was left behind.', label, e.stderr),
            1200,
          ),
        );
        return undefined;
      }
      throw e;
    }
    this.d.log.info(`worktree for ${task.id}: ${made.path}`);
    if (made.kind === 'created') {
      const entry: MadeWorktree = {
        taskId: task.id,
        root: view.root,
        path: made.path,
        branch: view.head,
        ...(made.madeBranch !== undefined ? { madeBranch: made.madeBranch } : {}),
        ...(made.madeTracking ? { madeTracking: made.madeTracking } : {}),
      };
      this.history.addWorktree(entry);
      tell(
        this.d.ui,
        'info',
        vscode.l10n.t('Checked out {0} in a new worktree at {1}.', forMessage(view.head, 120), made.path) + whose,
        [{ title: vscode.l10n.t('Undo'), run: () => this.removeMade(entry) }],
      );
    }
    await this.d.ui.openWindow(made.path);
    return { path: made.path, reused: made.kind === 'reused' };
  }

  /** Remove Worktree: one this window made (the only one, or the one picked). */
  async remove(): Promise<void> {
    const made = this.history.madeWorktrees();
    if (!made.length) {
      tell(this.d.ui, 'info', vscode.l10n.t('No worktree made in this window is left to remove.'));
      return;
    }
    const chosen =
      made.length === 1
        ? made[0]
        : (
            await this.d.ui.pick(
              [...made].reverse().map(w => ({ label: forMessage(w.branch, 120), description: w.path, w })),
              { placeHolder: vscode.l10n.t('Remove which worktree?') },
            )
          )?.w;
    if (chosen) await this.removeMade(chosen);
  }

  private async removeMade(w: MadeWorktree): Promise<void> {
    if (!this.history.madeWorktrees().includes(w)) {
      tell(this.d.ui, 'info', vscode.l10n.t('The worktree at {0} was removed already.', w.path));
      return;
    }
    // Work of the user's there is not removed without asking: what would go, and what stays, is said first.
    const work = await worktreeWork(this.d.git, w.path).catch(() => undefined); // gone already: git says so below
    if (work && (work.uncommitted || work.unpushed)) {
      const { message, detail } = lossWords(w.path, work);
      if (!(await this.d.ui.confirm(message, detail, vscode.l10n.t('Remove Worktree')))) return;
    }
    try {
      await removeWorktree(this.d.git, w.root, w, { force: !!work?.uncommitted, keepBranch: !!work?.unpushed });
    } catch (e) {
      if (!isGitError(e)) throw e;
      tell(
        this.d.ui,
        'warning',
        forMessage(vscode.l10n.t('git kept the worktree at {0}: {1}', w.path, e.stderr || e.message), 900),
      );
      return;
    }
    this.history.dropWorktree(w);
    tell(this.d.ui, 'info', vscode.l10n.t('Removed the worktree at {0}.', w.path));
  }
}

/** The question before a worktree with work in it is removed: what is there, what is lost and what stays. */
function lossWords(where: string, work: WorktreeWork): { message: string; detail: string } {
  const files =
    work.uncommitted === 1
      ? vscode.l10n.t('1 uncommitted file')
      : vscode.l10n.t('{0} uncommitted files', work.uncommitted);
  const commits =
    work.unpushed === 1
      ? vscode.l10n.t('1 commit that is on no remote')
      : vscode.l10n.t('{0} commits that are on no remote', work.unpushed);
  const what =
    work.uncommitted && work.unpushed
      ? vscode.l10n.t('{0} and {1}', files, commits)
      : work.uncommitted
        ? files
        : commits;
  const lost = work.uncommitted ? [vscode.l10n.t('The uncommitted files are lost.')] : [];
  if (work.unpushed)
    lost.push(
      work.branch
        ? vscode.l10n.t(
            'The commits stay on the branch {0}, which is kept; they are not pushed.',
            forMessage(work.branch, 120),
          )
        : vscode.l10n.t('Its HEAD is on no branch: the commits are lost.'),
    );
  return { message: vscode.l10n.t('Remove the worktree at {0}? It has {1}.', where, what), detail: lost.join(' ') };
}
