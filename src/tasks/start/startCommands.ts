import * as vscode from 'vscode';
import type { RepoRef } from '../../api';
import type { TokenStore } from '../../auth/tokenStore';
import { COMMANDS } from '../../ids';
import { DisposableBase } from '../../lifecycle';
import type { RepoDetector, RepoCandidate } from '../../model/repoDetector';
import { repoLabel } from '../../model/remotes';
import type { ServiceChoice } from '../../service/serviceChoice';
import { tell, type Ui } from '../../ui';
import type { CommandRegistry } from '../../shared/registry';
import type { DraftStore } from '../draftStore';
import { initialOptions, pickOptions, rememberedChoices, type BranchSource } from './optionsPicker';
import type { RemoteBranches } from '../remoteBranches';
import { choosePrompt } from './promptPicker';
import { editPrompt } from './promptBox';
import { forMessage, forQuickPick } from '../../safety/serviceText';
import {
  findCustomAgents,
  findPromptFiles,
  promptFromSelection,
  selectedLineCount,
  readPromptFile,
  type RecentPrompts,
} from './promptSources';
import type { ContinuedTask } from '../../model/continuationLinks';
import type { ProposedBase } from './baseProposer';
import type { StartOptions } from './startOptions';
import type { StartResult, TaskStarter } from '../taskStarter';
import type { AttemptStarter, SetStartResult } from '../attemptStarter';
import { attemptModels } from './startOptions';

/** Arguments the start commands accept from code (tests, other commands); the UI passes none. */
export interface StartArgs {
  prompt?: string;
  options?: Partial<StartOptions>;
  repo?: RepoRef;
  continues?: ContinuedTask; // kept from a draft of Continue Task…
}

/** Start Task…, Start Task from Selection, Start Task from Prompt File…, Retry, Discard Draft. */
export class StartCommands extends DisposableBase {
  constructor(
    private readonly starter: TaskStarter,
    private readonly drafts: DraftStore,
    private readonly recent: RecentPrompts,
    private readonly repos: RepoDetector,
    private readonly service: ServiceChoice,
    private readonly tokens: TokenStore,
    private readonly globalState: vscode.Memento,
    private readonly ui: Ui,
    commands: CommandRegistry,
    /** The base a start proposes: the branch the work lands on, never an agent's branch unless the user picks it. */
    private readonly bases: { propose(): ProposedBase; isAgentBranch?(name: string): boolean } = {
      propose: () => ({ ref: '' }),
    },
    /** The remote's branches, for the base and head pickers. */
    private readonly branches?: Pick<RemoteBranches, 'list'>,
    /** Starts 2 to 4 attempts of a prompt as one set (Attempts in the options list). */
    private readonly attempts?: Pick<AttemptStarter, 'start' | 'retry'>,
  ) {
    super();
    this.register(
      commands.register({
        [COMMANDS.startTask]: (a?: StartArgs) => this.startTask(args(a)),
        [COMMANDS.startTaskFromSelection]: (a?: StartArgs) => this.fromSelection(args(a)),
        [COMMANDS.startTaskFromPromptFile]: (a?: unknown) => this.fromPromptFile(a),
        [COMMANDS.retryFailedStart]: (a?: StartArgs) => this.retry(args(a)),
        [COMMANDS.discardDraft]: () => this.discard(),
      }),
    );
  }

  async startTask(a: StartArgs): Promise<StartResult | SetStartResult | undefined> {
    let prompt = a.prompt;
    if (prompt === undefined) {
      const draft = this.drafts.get();
      prompt = draft ? draft.prompt : await choosePrompt(this.recent, this.ui);
      if (prompt === undefined) return undefined;
      // A kept continuation stays one: its branches and the task it continues go with the prompt being edited.
      if (draft?.continues)
        a = { repo: draft.repo, continues: draft.continues, ...a, options: { ...draft.options, ...a.options } };
    }
    return this.run(prompt ?? '', a, vscode.l10n.t('Start Task'));
  }

  async fromSelection(a: StartArgs): Promise<StartResult | SetStartResult | undefined> {
    const editor = vscode.window.activeTextEditor;
    if (!editor || editor.selection.isEmpty) {
      void this.ui.notify('info', vscode.l10n.t('Select the code or text the agent should work on first.'));
      return undefined;
    }
    // The repository of the edited file, which in a multi-root workspace need not be the one the view shows.
    const detected = this.repos.forFile(editor.document.uri);
    const repo = a.repo ?? detected;
    const prompt = promptFromSelection(editor, a.repo ? undefined : detected?.git?.rootUri);
    if (!prompt) return undefined;
    const selected = selectedLineCount(editor.selection);
    return this.run(prompt, { ...a, repo }, vscode.l10n.t('Start Task from Selection'), selected);
  }

  async fromPromptFile(arg: unknown): Promise<StartResult | SetStartResult | undefined> {
    let uri = arg instanceof vscode.Uri ? arg : (arg as { uri?: vscode.Uri } | undefined)?.uri;
    if (!uri) {
      const files = await findPromptFiles();
      if (!files.length) {
        void this.ui.notify(
          'info',
          vscode.l10n.t('No prompt files (*.prompt.md, for example under .github/prompts/) in this workspace.'),
        );
        return undefined;
      }
      const pick = await this.ui.pick(
        // A prompt file may be someone else's: its name and description are shown as text, never as icons.
        files.map(f => ({
          label: forQuickPick(f.name),
          description: forQuickPick(vscode.workspace.asRelativePath(f.uri)),
          detail: f.description === undefined ? undefined : forQuickPick(f.description, 400),
          uri: f.uri,
        })),
        { placeHolder: vscode.l10n.t('Start a task from which prompt file?') },
      );
      if (!pick) return undefined;
      uri = pick.uri;
    }
    const prompt = await readPromptFile(uri);
    if (!prompt) {
      void this.ui.notify('warning', vscode.l10n.t('{0} has no prompt text.', vscode.workspace.asRelativePath(uri)));
      return undefined;
    }
    return this.run(prompt, {}, vscode.l10n.t('Start Task from Prompt File'));
  }

  /**
   * Starts the kept draft: its options are shown first (Enter starts), since a draft may be old, or was left before
   * its options were chosen; dismissing them keeps the draft.
   */
  async retry(a: StartArgs): Promise<StartResult | SetStartResult | undefined> {
    const d = this.drafts.get();
    if (!d) {
      void this.ui.notify('info', vscode.l10n.t('There is no prompt waiting to be started.'));
      return undefined;
    }
    // A set started in part: Retry starts its attempts still without a task, nothing twice.
    if (d.attemptSet && this.attempts) return this.attempts.retry(d.attemptSet);
    const repo = d.repo ?? this.current();
    if (!repo) return undefined;
    const proposed = this.bases.propose();
    let options: StartOptions | undefined = {
      ...initialOptions(this.globalState, proposed.ref),
      ...d.options,
      ...a.options,
    };
    const { prompt, continues } = d;
    const title = vscode.l10n.t('Start Task on {0}', repoLabel(repo));
    const why = options.base_ref === proposed.ref ? proposed.why : undefined;
    const root = this.current()?.git?.rootUri;
    const remembered = rememberedChoices(this.globalState);
    const listed = this.branchesOf(repo);
    options = await pickOptions(
      options,
      () => findCustomAgents(root),
      title,
      this.ui,
      why,
      remembered,
      listed,
      this.agentBranch,
      !continues && !!this.attempts,
    );
    if (!options) return undefined;
    const models = attemptModels(options);
    if (models && this.attempts && !continues)
      return this.attempts.start({ repo: { owner: repo.owner, repo: repo.repo }, prompt, options }, models);
    return this.starter.start({ repo: { owner: repo.owner, repo: repo.repo }, prompt, options, continues });
  }

  /** Discards the kept prompt; the message that says so offers Undo, which puts it back as it was. */
  private async discard(): Promise<void> {
    const d = this.drafts.get();
    if (!d) return;
    await this.drafts.clear();
    const { savedAt: _, ...kept } = d;
    const first = d.prompt.trim().split(/\r?\n/, 1)[0];
    tell(this.ui, 'info', vscode.l10n.t('Discarded the prompt “{0}”.', forMessage(first, 80)), [
      {
        title: vscode.l10n.t('Undo'),
        run: async () => {
          // A prompt kept since then is not overwritten.
          if (this.drafts.get())
            void this.ui.notify('warning', vscode.l10n.t('Not restored: another prompt is kept now.'));
          else await this.drafts.save(kept);
        },
      },
    ]);
  }

  private async run(
    seed: string,
    a: StartArgs,
    title: string,
    selected?: number,
  ): Promise<StartResult | SetStartResult | undefined> {
    if (!(await this.ready())) return undefined;
    const repo = a.repo ?? (await this.repoOrAsk());
    if (!repo) return undefined;
    const proposed = this.bases.propose();
    const defaults = { ...initialOptions(this.globalState, proposed.ref), ...a.options };
    // A continuation's draft keeps which task it continues and its branches, whichever way the user leaves.
    const kept = a.continues ? { continues: a.continues, options: defaults } : {};
    const where = vscode.l10n.t('{0} on {1}', title, repoLabel(repo));
    const prompt = await editPrompt(this.ui, this.drafts, seed, repo, where, selected, kept);
    if (prompt === undefined) return undefined;
    const root = this.current()?.git?.rootUri;
    const why = defaults.base_ref === proposed.ref ? proposed.why : undefined;
    const remembered = rememberedChoices(this.globalState);
    const listed = this.branchesOf(repo);
    const options = await pickOptions(
      defaults,
      () => findCustomAgents(root),
      where,
      this.ui,
      why,
      remembered,
      listed,
      this.agentBranch,
      !a.continues && !!this.attempts,
    );
    if (!options) {
      await this.drafts.save({ prompt, repo, ...kept });
      return undefined;
    }
    if (!prompt.trim()) {
      void this.ui.notify('warning', vscode.l10n.t('The prompt is empty.'));
      return undefined;
    }
    const { continues } = a;
    const models = attemptModels(options);
    if (models && this.attempts && !continues)
      return this.attempts.start({ repo: { owner: repo.owner, repo: repo.repo }, prompt, options }, models);
    return this.starter.start({ repo: { owner: repo.owner, repo: repo.repo }, prompt, options, continues });
  }

  /** A service and a fine-grained token; otherwise says what is missing and offers the way out. */
  private async ready(): Promise<boolean> {
    const ask = (text: string, ...actions: string[]) => this.ui.notify('warning', text, ...actions);
    if (this.service.current().kind === 'none') {
      const c = await ask(
        vscode.l10n.t('No service address is set.'),
        vscode.l10n.t('Try the Built-in Sandbox'),
        vscode.l10n.t('Set Service Address…'),
      );
      if (c === vscode.l10n.t('Try the Built-in Sandbox')) await vscode.commands.executeCommand(COMMANDS.useSandbox);
      else if (c === vscode.l10n.t('Set Service Address…'))
        await vscode.commands.executeCommand(COMMANDS.configureService);
      if (this.service.current().kind === 'none') return false;
    }
    if (!(await this.tokens.has('fine_grained'))) {
      const c = await ask(
        vscode.l10n.t('Starting a task needs a fine-grained token with the Agent tasks read and write permission.'),
        vscode.l10n.t('Set Token…'),
      );
      if (c !== vscode.l10n.t('Set Token…')) return false;
      await vscode.commands.executeCommand(COMMANDS.setToken, 'fine_grained');
      return this.tokens.has('fine_grained');
    }
    return true;
  }

  /** An agent's branch: listed last in the base and head pickers. */
  private readonly agentBranch = (name: string): boolean => this.bases.isAgentBranch?.(name) ?? false;

  private branchesOf(repo: RepoRef): BranchSource | undefined {
    const b = this.branches;
    return b && (() => b.list({ owner: repo.owner, repo: repo.repo }, true));
  }

  private current(): RepoCandidate | undefined {
    return this.repos.current();
  }

  private async repoOrAsk(): Promise<RepoCandidate | undefined> {
    if (!this.current()) await vscode.commands.executeCommand(COMMANDS.chooseRepository);
    return this.current();
  }
}

function args(a: unknown): StartArgs {
  return a && typeof a === 'object' && !(a instanceof vscode.Uri) ? a : {};
}
