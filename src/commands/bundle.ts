// The entry of dist/commands.js: every command (the start flows, Continue Task…, Start Task with My Changes, Go to
// Task…, the account and sandbox commands, the views' and the task rows' commands, the Installations view's commands,
// Review Changes, Apply Changes and Check Out in New Worktree), and the services that start tasks. The extension
// requires it on the first call of any command (see lazyCommands.ts) or on the first start from the chat. Every object
// with state (models, stores, the log, the `Ui`) is handed in from the extension's bundle; what this bundle carries
// again is code without state (ids, wording, checks), so nothing here holds a second copy of anything.
import type * as vscode from 'vscode';
import type { AccountBook } from '../auth/accountBook';
import type { TokenStore } from '../auth/tokenStore';
import type { ChangesCommandDeps } from '../changes/changes';
import { registerChangesCommands } from '../changes/registerCommands';
import { HandoffCommand } from '../changes/handoff/handoffCommand';
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
import { InstallationCommands } from '../installations/installationCommands';
import type { InstallationsEnv } from '../installations/commands/shared';
import { CommandRegistry } from '../shared/registry';
import { SandboxCommands } from './sandboxCommands';
import { ContinueCommand } from '../tasks/start/continueCommand';
import type { DraftStore } from '../tasks/draftStore';
import type { StartServices } from '../tasks/startServices';
import { StartCommands } from '../tasks/start/startCommands';
import type { TaskFilter } from '../model/taskFilter';
import type { TaskViews } from '../views/taskViews';
import type { RepoRef, Task } from '../api';
import { TaskCommands } from './taskCommands';
import { ViewCommands } from './viewCommands';

export { createStartServices } from '../tasks/startServices';

/** What the commands act on: the extension's own objects, built once there. */
export interface CommandDeps {
  ui: Ui;
  log: Log;
  globalState: vscode.Memento;
  tokens: TokenStore;
  service: ServiceChoice;
  sandbox: BuiltinSandbox;
  clients: ServiceClients;
  accountBook: AccountBook;
  model: TaskModel;
  repos: RepoDetector;
  links: ContinuationLinks;
  grouping: TaskGrouping;
  drafts: DraftStore;
  /** The services that start tasks, built on first use (the chat's tools use the same ones). */
  startServices: () => StartServices;
  views: TaskViews;
  filter: TaskFilter;
  /** The task pages (Show Task Details). */
  pages: { show(task: Task): void };
  showLog: () => void;
  /** Repositories worth offering besides the detected ones (the built-in sandbox's demo repositories). */
  suggestions: () => RepoRef[];
  installations: InstallationsEnv;
  /** What the Changes and land commands act on; the changes feature is built when first asked. */
  changes: () => ChangesCommandDeps;
  /** The views' Refresh reads the changes of the tasks looked at again (none before any was read). */
  refreshChanges: () => Promise<void>;
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
  const { starter, continuer, bases, recent, branches } = d.startServices();
  const parts: Disposable[] = [
    new ViewCommands(d.model, d.views, d.filter, d.repos, r, d.showLog, d.suggestions, ui, d.refreshChanges),
    new TaskCommands(d.model, d.repos, d.service, r, ui, log.child('task'), d.pages, bases),
    new AccountCommands(d.tokens, d.service, d.sandbox, d.clients, ui, r, log.child('auth'), d.accountBook),
    new SandboxCommands(d.tokens, d.service, d.sandbox, ui, r, log.child('sandbox')),
    new StartCommands(starter, d.drafts, recent, d.repos, d.service, d.tokens, state, ui, r, bases, branches),
    new ContinueCommand(continuer, d.model, ui, r),
    new HandoffCommand(d.repos, starter, state, ui, log.child('handoff'), r),
    new FindCommands(d.model, d.links, d.grouping, r, ui, log.child('find')),
    new InstallationCommands(d.installations, r),
    ...registerChangesCommands(d.changes, r),
  ];
  return { dispose: () => parts.forEach(p => p.dispose()) };
}
