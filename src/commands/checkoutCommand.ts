// Check Out Head Branch: a task's head branch fetched and switched to in the workspace's clone, through the Git
// extension; when git refuses over the user's own files, the way around (a worktree, or those files stashed, only when
// asked). Where git cannot run (the browser, src/env) gitlessCommands.ts answers it, and this module is not part of
// the browser's build.
import * as vscode from 'vscode';
import type { Task } from '../api';
import { statusOf } from '../errors/failure';
import { COMMANDS } from '../ids';
import { DisposableBase } from '../lifecycle';
import type { Log } from '../log';
import type { RepoDetector } from '../model/repoDetector';
import { repoLabel, sameRepo } from '../model/remotes';
import type { TaskModel } from '../model/taskModel';
import { checkRef } from '../safety/gitRef';
import { forMessage, plainName } from '../safety/serviceText';
import type { ServiceChoice } from '../service/serviceChoice';
import { tell, type Ui } from '../ui';
import { repoOfTask } from '../model/taskLinks';
import type { CommandRegistry } from '../shared/registry';
import { readCheckoutRefusal, type CheckoutRefusal } from './checkoutRefusal';
import { usersGit } from '../git/gitPath';
import { GitFailure, runGit } from '../changes/handoff/handoffGit';
import type { GitRepository } from '../model/gitApi';

export class CheckoutCommand extends DisposableBase {
  constructor(
    private readonly model: TaskModel,
    private readonly repos: RepoDetector,
    private readonly service: ServiceChoice,
    commands: CommandRegistry,
    private readonly ui: Ui,
    private readonly log: Log,
    /** The task of a command's argument, or the one the user picks. */
    private readonly pick: (arg: unknown) => Promise<Task | undefined>,
    private readonly bases?: { remember(branch: string, base: string, taskName: string): Promise<void> },
  ) {
    super();
    this.register(commands.register({ [COMMANDS.checkoutHeadBranch]: (a: unknown) => this.checkout(a) }));
  }

  private async checkout(arg: unknown): Promise<void> {
    const t = await this.pick(arg);
    if (!t) return;
    if (!this.model.store.sessions(t.id)?.fresh) await this.loadOrGone(t);
    const sessions = this.model.store.sessions(t.id)?.sessions ?? [];
    const session = [...sessions].reverse().find(s => s.head_ref);
    const named = session?.head_ref;
    if (!named) throw new Error(vscode.l10n.t('This task has no head branch yet.'));
    // Checked before any git call: git reads `-f` or `--upload-pack=…` as an option, not as a branch.
    const ref = checkRef(named, vscode.l10n.t('head branch'));
    if (!ref.ok) {
      this.log.warn(`check out refused: ${ref.reason}`);
      tell(this.ui, 'error', ref.reason);
      return;
    }
    const head = ref.ref;
    const repoOf = repoOfTask(this.model.store.get(t.id) ?? t);
    const local = this.repos.candidates().find(c => !repoOf || sameRepo(c, repoOf));
    if (!local?.git)
      throw new Error(
        vscode.l10n.t(
          'No local clone of {0} is open in this workspace.',
          repoOf ? repoLabel(repoOf) : vscode.l10n.t('the repository'),
        ),
      );
    const refused = await vscode.window.withProgress(
      { location: vscode.ProgressLocation.Notification, title: vscode.l10n.t('Checking out {0}…', forMessage(head)) },
      async () => {
        // Tried twice: another git in the same repository (a fetch of a task's changes, the Git extension's own)
        // can hold a lock of the fetch's for a moment.
        for (let attempt = 1; attempt <= 2; attempt++) {
          try {
            await local.git!.fetch(local.remote, head);
            break;
          } catch (err) {
            this.log.warn(`fetch ${head} (try ${attempt}): ${err instanceof Error ? err.message : String(err)}`);
            if (attempt === 1) await new Promise(resolve => setTimeout(resolve, 1000));
          }
        }
        return switchBranch(local.git!, head);
      },
    );
    if (refused) {
      this.log.info(`check out ${head} refused by git: ${refused.reason}`);
      this.offerWayAround(t, local.git.rootUri.fsPath, local.git, head, refused, session?.base_ref ?? '');
      return;
    }
    this.log.info(`checked out ${head}`);
    await this.bases?.remember(head, session?.base_ref ?? '', t.name);
  }

  /**
   * git would not switch over the user's own files: its reason, in its words with the files, and what helps: the
   * branch in a worktree of its own (nothing here moves), or those files stashed first, only when asked.
   */
  private offerWayAround(
    t: Task,
    root: string,
    git: GitRepository,
    head: string,
    refused: CheckoutRefusal,
    base: string,
  ): void {
    const text = vscode.l10n.t(
      '{0} was not checked out. Git says: {1} Check it out in a new worktree instead, or stash those changes first.',
      forMessage(head, 200),
      forMessage(refused.reason, 900),
    );
    const stashed = async () => {
      try {
        await this.stashAndSwitch(t, root, git, head, refused, base);
      } catch (err) {
        tell(this.ui, 'error', forMessage(err instanceof Error ? err.message : String(err), 900));
      }
    };
    tell(this.ui, 'warning', text, [
      {
        title: vscode.l10n.t('Check Out in New Worktree'),
        run: () => vscode.commands.executeCommand(COMMANDS.checkOutWorktree, t),
      },
      { title: vscode.l10n.t('Stash Changes and Check Out'), run: stashed },
    ]);
  }

  /** Stashes exactly the files git named (untracked ones too when those were in the way), then switches. */
  private async stashAndSwitch(
    t: Task,
    root: string,
    git: GitRepository,
    head: string,
    refused: CheckoutRefusal,
    base: string,
  ): Promise<void> {
    const program = usersGit().path();
    if (!program) throw new Error(vscode.l10n.t('Git cannot be run here, so nothing was stashed.'));
    // git's own words in its stash list, where the user finds it again (the stash's name, not a message shown).
    // eslint-disable-next-line l10n/no-bare-user-text
    const message = `agent-tasks: before checking out ${head}`;
    const args = ['stash', 'push', ...(refused.untracked ? ['--include-untracked'] : []), '-m', message];
    try {
      // Paths as git named them, never read as pathspec magic.
      await runGit({ git: program, cwd: root }, [...args, '--', ...refused.files], {
        env: { GIT_LITERAL_PATHSPECS: '1' },
        hooks: true, // the stash the user asked for, as git stash runs it
      });
    } catch (err) {
      const said = err instanceof GitFailure ? err.said : String(err);
      throw new Error(vscode.l10n.t('Nothing was stashed or checked out. Git says: {0}', said), { cause: err });
    }
    this.log.info(`stashed ${refused.files.length} file(s) before checking out ${head}`);
    const again = await switchBranch(git, head);
    const files = forMessage(refused.files.join(', '), 300);
    if (again) {
      throw new Error(
        vscode.l10n.t(
          '{0} was still not checked out. Git says: {1} Your changes to {2} are in the stash (“{3}”).',
          head,
          again.reason,
          files,
          message,
        ),
      );
    }
    this.log.info(`checked out ${head}`);
    await this.bases?.remember(head, base, t.name);
    tell(
      this.ui,
      'info',
      vscode.l10n.t(
        'Checked out {0}. Your changes to {1} are in the stash (“{2}”): git stash pop brings them back.',
        forMessage(head, 200),
        files,
        forMessage(message, 300),
      ),
    );
  }

  /** Reads the task with its sessions; a task the service no longer has (404) is said in words, with its name. */
  private async loadOrGone(t: Task): Promise<void> {
    try {
      await this.model.loadDetails(t.id);
    } catch (err) {
      if (statusOf(err) !== 404) throw err;
      // Made safe where every command's error is said (explain): the name is the service's text.
      const name = plainName(t.name).slice(0, 120) || t.id;
      throw new Error(
        vscode.l10n.t(
          '“{0}” is not on the service at {1}, or your token cannot see it: its branch cannot be checked out from here.',
          name,
          this.service.current().url,
        ),
        { cause: err },
      );
    }
  }
}

/**
 * Switches to a branch; git's refusal over the user's own files is returned, not thrown. Any other failure is thrown
 * with git's own words rather than the git extension's "Failed to execute git".
 */
async function switchBranch(git: GitRepository, head: string): Promise<CheckoutRefusal | undefined> {
  try {
    await git.checkout(head);
    return undefined;
  } catch (err) {
    const stderr = (err as { stderr?: unknown } | undefined)?.stderr;
    const refused = readCheckoutRefusal(stderr);
    if (refused) return refused;
    const said = typeof stderr === 'string' ? stderr.replace(/\s+/g, ' ').trim() : '';
    if (!said) throw err;
    throw new Error(vscode.l10n.t('Git did not check out {0}: {1}', head, said), { cause: err });
  }
}
