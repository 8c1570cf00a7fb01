// Start Task with My Changes…: the uncommitted work on the desk goes to the agent on a branch of its own. The files
// that would go are shown (untracked ones apart, and only when ticked), committed from a temporary index onto a new
// branch that is pushed with the user's own git, and the task starts on that branch with the current branch's
// upstream as its base. The user's branch, index and files never move. With Attempts (2 to 4), the branch is pushed
// once and each attempt starts from it on a new branch of its own (AttemptStarter): its Retry starts only the attempts
// still without a task, and never pushes again.
import { gitNetworkProblem } from '../../errors/gitNetwork';
import * as vscode from 'vscode';
import type { RepoRef } from '../../api';
import { attemptModels, type StartOptions } from '../../tasks/start/startOptions';
import { attemptsRow, chooseAttempts } from '../../tasks/start/attemptsOption';
import { chooseModel } from '../../tasks/start/optionsPicker';
import type { AttemptStarter, SetStartResult } from '../../tasks/attemptStarter';
import { initialOptions } from '../../tasks/start/optionsPicker';
import type { StartResult, TaskStarter } from '../../tasks/taskStarter';
import type { CommandRegistry } from '../../shared/registry';
import { usersGit } from '../../git/gitPath';
import { COMMANDS } from '../../ids';
import { DisposableBase } from '../../lifecycle';
import type { Log } from '../../log';
import type { RepoCandidate, RepoDetector } from '../../model/repoDetector';
import { repoLabel } from '../../model/remotes';
import { refProblem } from '../../safety/gitRef';
import { forMessage, forQuickPick } from '../../safety/serviceText';
import type { Ui } from '../../ui';
import {
  branchFor,
  commitChanges,
  commitMessage,
  GitFailure,
  type GitWorkingTree,
  knownOnRemote,
  listChanges,
  pushNewBranch,
  unpushedCommits,
  undoPush,
} from './handoffGit';
import { confirmation, type HandoffPlan, nothingToHandOff } from './handoffPlan';

/** Arguments from code (tests, the chat tool): what is given is not asked. */
export interface HandoffArgs {
  prompt?: string;
  branch?: string;
  /** The untracked files that go; when given, no list of files is shown. */
  untracked?: string[];
  options?: Partial<Omit<StartOptions, 'head_ref' | 'base_ref'>>;
}

export type HandoffResult =
  | (StartResult & { branch: string; pushed: true })
  /** Several attempts, each on a new branch from `branch`. */
  | (SetStartResult & { branch: string; pushed: true; attempts: true })
  | { ok: false; problem: string; pushed: false; branch?: string };

type FileItem = vscode.QuickPickItem & { path?: string; untracked?: boolean };

export class HandoffCommand extends DisposableBase {
  constructor(
    private readonly repos: Pick<RepoDetector, 'candidates' | 'current'>,
    private readonly starter: Pick<TaskStarter, 'start'>,
    private readonly globalState: vscode.Memento,
    private readonly ui: Ui,
    private readonly log: Log,
    commands: CommandRegistry,
    /** Starts sets of attempts, when the workspace keeps sets. */
    private readonly attempts?: Pick<AttemptStarter, 'start'>,
  ) {
    super();
    this.register(commands.register({ [COMMANDS.startTaskWithChanges]: (a?: unknown) => this.run(a) }));
  }

  async run(arg: unknown): Promise<HandoffResult | undefined> {
    const given = (arg && typeof arg === 'object' ? arg : {}) as HandoffArgs & { rootUri?: vscode.Uri };
    const local = this.repository(given.rootUri);
    if (!local) return this.refuse(vscode.l10n.t('No clone of a repository of the service is open in this workspace.'));
    const git = await usersGit().started();
    if (!git)
      return this.refuse(
        vscode.l10n.t('The built-in Git extension is not available, so there is no git to push with.'),
      );
    const r: GitWorkingTree = { git, cwd: local.git.rootUri.fsPath };
    const head = local.git.state.HEAD;
    if (!head?.name)
      return this.refuse(vscode.l10n.t('HEAD is detached: check out the branch your changes belong to first.'));
    const changes = await listChanges(r);
    if (changes.conflicted.length)
      return this.refuse(
        vscode.l10n.t('Resolve the conflicts first: {0}.', forMessage(changes.conflicted.join(', '), 300)),
      );
    if (!changes.tracked.length && !changes.untracked.length) return this.refuse(nothingToHandOff(0), 'info');
    const chosen = await this.chooseFiles(changes.tracked, changes.untracked, given.untracked);
    if (!chosen) return undefined;
    if (!chosen.tracked.length && !chosen.untracked.length)
      return this.refuse(nothingToHandOff(changes.untracked.length), 'info');
    const prompt = given.prompt ?? (await this.askPrompt());
    if (prompt === undefined || !prompt.trim()) return undefined;
    const suggested = await this.freeName(r, local.remote, branchFor(prompt));
    const branch = given.branch ?? (await this.askBranch(suggested));
    if (branch === undefined) return undefined;
    const problem = refProblem(branch);
    if (problem)
      return this.refuse(vscode.l10n.t('“{0}” is not a valid branch name: {1}.', forMessage(branch, 120), problem));
    // Arguments from code say their options; else the list offers Attempts (one task unless changed).
    const options =
      given.options ?? (this.attempts ? await this.askAttempts(initialOptions(this.globalState, '')) : {});
    if (!options) return undefined;
    const up = head.upstream;
    const onRemote = up && up.remote === local.remote;
    const plan: HandoffPlan = {
      repoLabel: repoLabel(local),
      remote: local.remote,
      branch,
      base: onRemote ? up.name : head.name,
      ...(onRemote
        ? {}
        : { baseNote: vscode.l10n.t('your branch tracks no branch of {0}; its own name is used', local.remote) }),
      ...chosen,
      // The new branch sits on HEAD: commits of the branch that the remote does not have yet go with it.
      unpushed: await unpushedCommits(r, local.remote),
      prompt,
      ...(this.attempts ? { attempts: attemptModels({ ...initialOptions(this.globalState, ''), ...options }) } : {}),
    };
    const { message, detail } = confirmation(plan);
    if (!(await this.ui.confirm(message, detail, vscode.l10n.t('Push and Start')))) return undefined;
    return this.pushAndStart(r, local, plan, options);
  }

  private async pushAndStart(
    r: GitWorkingTree,
    local: { owner: string; repo: string; remote: string },
    plan: HandoffPlan,
    options: HandoffArgs['options'] & object,
  ): Promise<HandoffResult> {
    const { branch, remote } = plan;
    let sha = '';
    try {
      await vscode.window.withProgress(
        {
          location: vscode.ProgressLocation.Notification,
          title: vscode.l10n.t('Pushing {0}…', forMessage(branch, 120)),
        },
        async () => {
          sha = await commitChanges(r, [...plan.tracked, ...plan.untracked], commitMessage(plan.prompt));
          await pushNewBranch(r, remote, sha, branch);
        },
      );
    } catch (err) {
      const left = sha ? await undoPush(r, remote, sha, branch) : false;
      const said = err instanceof GitFailure ? gitReason(err.said) : err instanceof Error ? err.message : String(err);
      this.log.warn(`hand-off push of ${branch} to ${remote} failed: ${said}`);
      // A proxy or a certificate in the way: git's own settings decide it, and the message says which.
      const network = err instanceof GitFailure ? gitNetworkProblem(err.said) : undefined;
      const text = vscode.l10n.t(
        'Nothing was started: git could not push {0} to {1}. git said: {2}{3}',
        forMessage(branch, 120),
        forMessage(remote, 80),
        forMessage(said, 600),
        (network ? ` ${network.todo}` : '') +
          (left ? ` The branch could not be taken back from ${forMessage(remote, 80)}.` : ''),
      );
      void this.ui.notify('error', text);
      return { ok: false, problem: text, pushed: false, branch };
    }
    this.log.info(`handed off ${plan.tracked.length + plan.untracked.length} files on ${branch} (${sha.slice(0, 12)})`);
    const repo: RepoRef = { owner: local.owner, repo: local.repo };
    if (plan.attempts && this.attempts) {
      // Each attempt starts from the pushed branch on a new branch of its own; AttemptStarter says how it went.
      const o = { ...initialOptions(this.globalState, branch), ...options, base_ref: branch, head_ref: '' };
      const set = await this.attempts.start({ repo, prompt: plan.prompt, options: o }, plan.attempts);
      return { ...set, branch, pushed: true, attempts: true };
    }
    const result = await this.starter.start({
      repo,
      prompt: plan.prompt,
      options: { ...initialOptions(this.globalState, plan.base), ...options, head_ref: branch, base_ref: plan.base },
    });
    if (!result.ok)
      void this.ui.notify(
        'warning',
        vscode.l10n.t(
          'Your changes are on {0} as branch {1}, and stay there: Retry starts the task on that branch.',
          forMessage(remote, 80),
          forMessage(branch, 120),
        ),
      );
    return { ...result, branch, pushed: true };
  }

  /** The list before the confirmation: Enter goes on; Attempts asks how many, and each one's model. */
  private async askAttempts(initial: StartOptions): Promise<HandoffArgs['options'] | undefined> {
    const o = { ...initial };
    for (;;) {
      const go = { label: vscode.l10n.t('$(rocket) Continue'), description: vscode.l10n.t('Enter'), action: 'go' };
      const pick = await this.ui.pick([go, attemptsRow(o)], {
        title: vscode.l10n.t('Start Task with My Changes'),
        placeHolder: vscode.l10n.t('Press Enter to go on, or change the number of attempts'),
      });
      if (!pick) return undefined;
      if (pick.action === 'go') return (o.attempts ?? 1) > 1 ? { attempts: o.attempts, models: o.models } : {};
      await chooseAttempts(this.ui, o, (c, t) => chooseModel(this.ui, c, t));
    }
  }

  /** The workspace's clone of a service repository: the one at `root` (the Source Control view's), else the view's. */
  private repository(
    root: vscode.Uri | undefined,
  ): (RepoCandidate & { git: NonNullable<RepoCandidate['git']>; remote: string }) | undefined {
    const all = this.repos.candidates().filter(c => c.git && c.remote);
    const at = root instanceof vscode.Uri ? all.find(c => c.git!.rootUri.fsPath === root.fsPath) : undefined;
    const current = this.repos.current();
    const hit = at ?? all.find(c => current && c.owner === current.owner && c.repo === current.repo) ?? all[0];
    return hit as (RepoCandidate & { git: NonNullable<RepoCandidate['git']>; remote: string }) | undefined;
  }

  /** Every changed file, ticked; every untracked file, not ticked. Undefined: dismissed. */
  private async chooseFiles(
    tracked: string[],
    untracked: string[],
    given: string[] | undefined,
  ): Promise<{ tracked: string[]; untracked: string[] } | undefined> {
    if (given) return { tracked, untracked: untracked.filter(u => given.includes(u)) };
    const sep = (label: string): FileItem => ({ label, kind: vscode.QuickPickItemKind.Separator });
    const items: FileItem[] = [
      ...(tracked.length ? [sep(vscode.l10n.t('Changes, staged or not'))] : []),
      ...tracked.map(p => ({ label: forQuickPick(p, 300), path: p, picked: true })),
      ...(untracked.length ? [sep(vscode.l10n.t('Untracked: tick the ones that go'))] : []),
      ...untracked.map(p => ({ label: forQuickPick(p, 300), path: p, untracked: true, picked: false })),
    ];
    const picked = await this.ui.pickMany(items, {
      title: vscode.l10n.t('Start Task with My Changes'),
      placeHolder: vscode.l10n.t('These files go to the agent on a new branch; your working tree stays as it is'),
    });
    if (!picked) return undefined;
    const paths = (u: boolean) => picked.filter(i => i.path !== undefined && !!i.untracked === u).map(i => i.path!);
    return { tracked: paths(false), untracked: paths(true) };
  }

  private askPrompt(): Promise<string | undefined> {
    return this.ui.input({
      title: vscode.l10n.t('Start Task with My Changes'),
      prompt: vscode.l10n.t('What should the agent do with your changes?'),
      validate: v => (v.trim() ? undefined : vscode.l10n.t('Write what the agent should do.')),
    });
  }

  private askBranch(suggested: string): Promise<string | undefined> {
    return this.ui.input({
      title: vscode.l10n.t('Start Task with My Changes'),
      prompt: vscode.l10n.t('The new branch your changes are pushed to (the agent works on it)'),
      value: suggested,
      validate: v => {
        const p = refProblem(v);
        return p ? vscode.l10n.t('Not a branch name: {0}.', p) : undefined;
      },
    });
  }

  /** `name`, or `name-2`, `name-3`… when a branch of that name was seen on the remote. */
  private async freeName(r: GitWorkingTree, remote: string, name: string): Promise<string> {
    for (let n = 1; n < 100; n++) {
      const candidate = n === 1 ? name : `${name}-${n}`;
      if (!(await knownOnRemote(r, remote, candidate).catch(() => false))) return candidate;
    }
    return name;
  }

  private refuse(text: string, level: 'info' | 'warning' = 'warning'): HandoffResult {
    void this.ui.notify(level, text);
    return { ok: false, problem: text, pushed: false };
  }
}

/** What git said, without its progress and hints: the `remote:` lines and the errors. */
function gitReason(said: string): string {
  const lines = said
    .split(/\r?\n/)
    .map(l => l.trim())
    .filter(l => l && !/^(To |hint:|Everything up-to-date)/.test(l));
  return lines.join(' ') || vscode.l10n.t('no reason given');
}
