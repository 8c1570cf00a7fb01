// The entry of dist/commands.js: the commands that draw nothing when the window opens (the start flows, Continue
// Task…, Start Task with My Changes, Go to Task…, the account and sandbox commands, the Installations view's
// commands, Review Changes, Apply Changes and Check Out in New Worktree). The extension requires it on the first call
// of any of them (see lazyCommands.ts). Every object with state (models, stores, the log, the `Ui`) is handed in from
// the extension's bundle; what this bundle carries again is code without state (ids, wording, checks), so nothing
// here holds a second copy of anything.
import type * as vscode from 'vscode';
import type { AccountBook } from '../auth/accountBook';
import type { TokenStore } from '../auth/tokenStore';
import type { ChangesCommandDeps } from '../changes/changes';
import { registerChangesCommands } from '../changes/registerCommands';
import { HandoffCommand } from '../handoff/handoffCommand';
import type { Disposable } from '../lifecycle';
import type { Log } from '../log';
import type { ContinuationLinks } from '../model/continuationLinks';
import type { RepoDetector } from '../model/repoDetector';
import type { TaskGrouping } from '../model/taskGrouping';
import type { TaskModel } from '../model/taskModel';
import type { BuiltinSandbox } from '../service/builtinSandbox';
import type { ServiceClients } from '../service/clients';
import type { ServiceChoice } from '../service/serviceChoice';
import type { Ui } from '../ui';
import { AccountCommands } from './accountCommands';
import { FindCommands } from './find/findCommands';
import { InstallationCommands } from './installationCommands';
import type { InstallationsEnv } from './installations/shared';
import { CommandRegistry } from './registry';
import { SandboxCommands } from './sandboxCommands';
import type { BaseProposer } from './start/baseProposer';
import { ContinueCommand } from './start/continueCommand';
import type { TaskContinuer } from '../tasks/continueTask';
import type { DraftStore } from '../tasks/draftStore';
import type { RecentPrompts } from './start/promptSources';
import { StartCommands } from './start/startCommands';
import type { TaskStarter } from '../tasks/taskStarter';

/** What the commands act on: the extension's own objects, built once there. */
export interface CommandDeps {
  ui: Ui;
  log: Log;
  globalState: vscode.Memento;
  tokens: TokenStore;
  service: ServiceChoice;
  sandbox: BuiltinSandbox;
  clients: ServiceClients;
  book: AccountBook;
  model: TaskModel;
  repos: RepoDetector;
  links: ContinuationLinks;
  grouping: TaskGrouping;
  drafts: DraftStore;
  recent: RecentPrompts;
  starter: TaskStarter;
  continuer: TaskContinuer;
  bases: BaseProposer;
  installations: InstallationsEnv;
  changes: ChangesCommandDeps;
}

export type Handler = (...args: never[]) => unknown;

/** A registry that keeps the handlers it is given: the extension's stubs run them (with the one error policy). */
class Keeping extends CommandRegistry {
  constructor(
    d: CommandDeps,
    private readonly kept: Map<string, Handler>,
  ) {
    super(d.ui, d.log);
  }

  override register(handlers: Record<string, Handler>): Disposable {
    for (const [id, handler] of Object.entries(handlers)) this.kept.set(id, handler);
    return { dispose: () => undefined };
  }
}

/** Builds the commands, putting their handlers in `kept`; the result disposes them. */
export function register(d: CommandDeps, kept: Map<string, Handler>): Disposable {
  const r = new Keeping(d, kept);
  const { ui, log, globalState: state } = d;
  const parts: Disposable[] = [
    new AccountCommands(d.tokens, d.service, d.sandbox, d.clients, ui, r, log.child('auth'), d.book),
    new SandboxCommands(d.tokens, d.service, d.sandbox, ui, r, log.child('sandbox')),
    new StartCommands(d.starter, d.drafts, d.recent, d.repos, d.service, d.tokens, state, ui, r, d.bases),
    new ContinueCommand(d.continuer, d.model, ui, r),
    new HandoffCommand(d.repos, d.starter, state, ui, log.child('handoff'), r),
    new FindCommands(d.model, d.links, d.grouping, r, ui, log.child('find')),
    new InstallationCommands(d.installations, r),
    ...registerChangesCommands(d.changes, r),
  ];
  return { dispose: () => parts.forEach(p => p.dispose()) };
}
