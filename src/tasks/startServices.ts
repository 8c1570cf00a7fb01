// The services that start tasks, built together once: the starter (one start per prompt and repository at a time),
// Continue Task's continuer, the base a start proposes and the recent prompts. Their code is imported on the first
// start (src/extension.ts), which builds them, from a command or a chat tool alike, and both use these same objects.
import { host } from '#env';
import type * as vscode from 'vscode';
import { BaseProposer } from './start/baseProposer';
import { RecentPrompts } from './start/promptSources';
import type { Log } from '../log';
import type { ContinuationLinks } from '../model/continuationLinks';
import type { RepoDetector } from '../model/repoDetector';
import type { TaskModel } from '../model/taskModel';
import type { TokenStore } from '../auth/tokenStore';
import type { ServiceClients } from '../service/clients';
import type { Ui } from '../ui';
import { TaskContinuer } from './continueTask';
import type { DraftStore } from './draftStore';
import { TaskStarter } from './taskStarter';
import { AttemptStarter } from './attemptStarter';
import type { AttemptSets } from '../model/attemptSets';
import type { RemoteBranches } from './remoteBranches';
import { gitBranches } from './gitBranches';

export interface StartServices {
  starter: TaskStarter;
  /** The remote's branches (the base and head pickers), and whether a base is there before a start. */
  branches: Pick<RemoteBranches, 'list' | 'baseProblem'>;
  continuer: TaskContinuer;
  /** The base a start proposes: the base of a checked-out task branch, else the default branch (never an agent's). */
  bases: BaseProposer;
  recent: RecentPrompts;
  /** Starts sets of attempts (2 to 4 of one prompt), when the workspace keeps sets. */
  attempts?: AttemptStarter;
}

export interface StartServicesDeps {
  clients: ServiceClients;
  tokens: TokenStore;
  model: TaskModel;
  repos: RepoDetector;
  drafts: DraftStore;
  links: ContinuationLinks;
  globalState: vscode.Memento;
  workspaceState: vscode.Memento;
  ui: Ui;
  log: Log;
  /** The sets of attempts of this workspace. */
  attemptSets?: AttemptSets;
}

const NO_BRANCHES: StartServices['branches'] = {
  list: () => Promise.resolve(undefined),
  baseProblem: () => Promise.resolve(undefined),
};

export function createStartServices(d: StartServicesDeps): StartServices {
  const recent = new RecentPrompts(d.globalState);
  // Without git (src/env) no branch list: the pickers ask for a name, the service says whether a base exists.
  const branches = host.hasGit ? gitBranches(d.repos) : NO_BRANCHES;
  const { clients, tokens, model, drafts, globalState, ui, log, links } = d;
  const starter = new TaskStarter(clients, tokens, model, drafts, recent, globalState, ui, log, links, branches);
  return {
    starter,
    branches,
    continuer: new TaskContinuer(d.model, starter, d.globalState),
    bases: new BaseProposer(() => d.repos.current()?.git?.state.HEAD, d.model, d.workspaceState),
    recent,
    ...(d.attemptSets
      ? { attempts: new AttemptStarter(starter, d.attemptSets, drafts, recent, ui, log.child('attempts')) }
      : {}),
  };
}
