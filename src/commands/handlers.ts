// Every command's handler but the status bar's (the start flows, Continue Task…, Start Task with My Changes, Go to
// Task…, the account and sandbox commands, the views' and the task rows' commands, the Installations view's commands,
// Review Changes, Apply Changes and Check Out in New Worktree): the one place a command is added besides package.json.
// Imported on the first call of any command (see lazyCommands.ts). The objects with state are the extension's own,
// handed in; modules are shared with the rest of the extension (one build, split), so nothing here is a copy.
import { host } from '#env';
import type * as vscode from 'vscode';
import type { AccountBook } from '../auth/accountBook';
import type { TokenStore } from '../auth/tokenStore';
import type { ChangesCommandDeps } from '../changes/changes';
import { registerChangesCommands } from '../changes/registerCommands';
import { HandoffCommand } from '../changes/handoff/handoffCommand';
import { GitlessCommands } from '../changes/gitlessCommands';
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
import { COMMANDS } from '../ids';
import { CheckoutCommand } from './checkoutCommand';
import { ViewCommands } from './viewCommands';
import { SetAsideCommands } from './setAsideCommands';
import type { AttemptSets } from '../model/attemptSets';

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
  startServices: () => Promise<StartServices>;
  views: TaskViews;
  filter: TaskFilter;
  /** The task pages (Show Task Details). */
  pages: { show(task: Task): Promise<void> };
  showLog: () => void;
  /** Repositories worth offering besides the detected ones (the built-in sandbox's demo repositories). */
  suggestions: () => Promise<RepoRef[]>;
  installations: InstallationsEnv;
  /** What the Changes and land commands act on, once `changesReady()` resolved. */
  changes: () => ChangesCommandDeps;
  /** Imports and builds the changes feature (once): the Changes and land commands wait for it. */
  changesReady: () => Promise<unknown>;
  /** Imports and builds the installations model (once): the Installations view's commands wait for it. */
  installationsReady: () => Promise<unknown>;
  /** The views' Refresh reads the changes of the tasks looked at again (none before any was read). */
  refreshChanges: () => Promise<void>;
  /** The sets of attempts started here (Set Aside, Show Again, Show Set-Aside Attempts). */
  attemptSets: AttemptSets;
}

export type Handler = (...args: never[]) => unknown;

/**
 * A registry that keeps the handlers it is given: the extension's stubs run them (with the one error policy). A
 * handler first waits for `before`: the feature it acts on, imported and built then.
 */
class Keeping extends CommandRegistry {
  constructor(
    d: CommandDeps,
    private readonly kept: Map<string, Handler>,
    private readonly before?: () => Promise<unknown>,
  ) {
    super(d.ui, d.log);
  }

  override register(handlers: Record<string, Handler>): Disposable {
    const before = this.before;
    for (const [id, handler] of Object.entries(handlers)) {
      const run = handler as (...a: unknown[]) => unknown;
      this.kept.set(id, before ? async (...a: unknown[]) => (await before(), run(...a)) : handler);
    }
    return { dispose: () => undefined };
  }
}

/** Builds the commands, putting their handlers in `kept`; the result disposes them. */
export async function register(d: CommandDeps, kept: Map<string, Handler>): Promise<Disposable> {
  const r = new Keeping(d, kept);
  const { ui, log, globalState: state } = d;
  const { starter, continuer, bases, recent, branches } = await d.startServices();
  const { attempts } = await d.startServices();
  const tasks = new TaskCommands(d.model, d.service, r, ui, d.pages);
  const parts: Disposable[] = [
    new ViewCommands(d.model, d.views, d.filter, d.repos, r, d.showLog, d.suggestions, ui, d.refreshChanges),
    tasks,
    new AccountCommands(d.tokens, d.service, d.sandbox, d.clients, ui, r, log.child('auth'), d.accountBook),
    // Where no server can listen (the browser, src/env) Reset Sandbox says where the sandbox runs instead.
    host.sandbox
      ? new SandboxCommands(d.tokens, d.service, d.sandbox, ui, r, log.child('sandbox'))
      : r.register({ [COMMANDS.resetSandbox]: () => d.sandbox.reset() }),
    new StartCommands(starter, d.drafts, recent, d.repos, d.service, d.tokens, state, ui, r, bases, branches, attempts),
    new ContinueCommand(continuer, d.model, ui, r, state, d.drafts),
    new FindCommands(d.model, d.links, d.grouping, r, ui, log.child('find'), d.attemptSets),
    new SetAsideCommands(d.attemptSets, d.model, d.views, r, ui),
    new InstallationCommands(d.installations, new Keeping(d, kept, d.installationsReady)),
    // The commands that need the user's git, or where it cannot run (src/env), their one line saying why.
    ...(host.hasGit
      ? [
          new HandoffCommand(d.repos, starter, state, ui, log.child('handoff'), r, attempts),
          new CheckoutCommand(d.model, d.repos, d.service, r, ui, log.child('task'), a => tasks.pick(a), bases),
          ...registerChangesCommands(d.changes, new Keeping(d, kept, d.changesReady)),
        ]
      : [new GitlessCommands(r, ui)]),
  ];
  return { dispose: () => parts.forEach(p => p.dispose()) };
}
