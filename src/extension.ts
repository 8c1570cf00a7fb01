import { host } from '#env';
import * as vscode from 'vscode';
import { AccountBook } from './auth/accountBook';
import { AccountsProvider } from './auth/accountsProvider';
import { TokenStore } from './auth/tokenStore';
import { ChangesOnDemand, type ChangesObservers } from './changes/changesOnDemand';
import { GitlessChanges } from './changes/gitlessChanges';
import type { Observers } from './observers';
import { ChatTools } from './chat/chatTools';
import { registerLazyCommands } from './commands/lazyCommands';
import { CommandRegistry } from './shared/registry';
import { DraftStore } from './tasks/draftStore';
import { keepSettings, readSettings } from './config';
import { COMMANDS } from './ids';
import { createLog } from './log';
import { AttemptSets } from './model/attemptSets';
import { ContinuationLinks } from './model/continuationLinks';
import { Emitter, reportListenerFailuresTo } from './shared/emitter';
import { onFirstUse } from './shared/onFirstUse';
import { logFailure } from './errors/report';
import { RepoDetector } from './model/repoDetector';
import { RepoNames } from './model/repoNames';
import { TaskFilter } from './model/taskFilter';
import { TaskGrouping } from './model/taskGrouping';
import { TaskModel } from './model/taskModel';
import { ViewState } from './model/viewState';
import { TaskNotifier } from './notify/taskNotifier';
import { systemNotificationsOf } from './notify/systemRoute';
import { checkAddress } from './service/addressCheck';
import { BuiltinSandbox } from './service/builtinSandbox';
import { ServiceClients } from './service/clients';
import { ServiceChoice } from './service/serviceChoice';
import { AddressWatch } from './status/addressWatch';
import { StatusBarController } from './status/statusBar';
import { TaskPagesOnDemand } from './taskPage/pagesOnDemand';
import type { StartServices } from './tasks/startServices';
import type * as Testing from './testing';
import type { AgentTasksTestApi } from './testing/testApi';
import { windowUi } from './ui';
import { ContextKeys } from './views/contextKeys';
import { InstallationsOnDemand } from './installations/installationsOnDemand';
import { TaskViews } from './views/taskViews';
import { firstTreeLogged } from './views/firstTreeLog';
import { lastStartDefaults } from './tasks/start/rememberedOptions';
import { createPublicApi, type AgentTasksApi } from './publicApi/publicApi';

// Wiring only: every part is built here, handed its dependencies, and registered for disposal. Data flows one way:
// the API clients feed the models (tasks, installations), the views and the status bar draw the models, the commands
// act on them. What the first tree does not need is not loaded here: each part that needs it imports it on first use
// (`await import('…')`, a chunk of its own in dist/chunks/).
export async function activate(context: vscode.ExtensionContext): Promise<AgentTasksApi | AgentTasksTestApi> {
  const t0 = Date.now();
  // Settings kept first: every listener of ours registered after it reads a changed setting anew.
  context.subscriptions.push(keepSettings(), { dispose: () => reportListenerFailuresTo(undefined) });
  const channel = vscode.window.createOutputChannel('Agent Tasks', { log: true });
  const log = createLog(channel);
  reportListenerFailuresTo(err => logFailure(log, 'An event listener failed.', err));
  // Test mode (a suite under extensionTestsPath) loads the test surface: what is said and asked, what the parts report.
  // Other modes load none of it. Its path is computed: the build leaves it an entry the package does not ship.
  const testing =
    context.extensionMode === vscode.ExtensionMode.Test ? (await importTesting(context)).begin(windowUi) : undefined;
  const observers: Observers & ChangesObservers = testing?.observers ?? {};
  const ui = testing?.ui ?? windowUi;
  const sandbox = new BuiltinSandbox(context.globalStorageUri, log.child('sandbox'));
  const service = new ServiceChoice(context.globalState, sandbox);
  const tokens = new TokenStore(context.secrets, () => service.current().scope);
  const { version } = context.extension.packageJSON as { version?: string };
  const agent = `agent-tasks-vscode/${version ?? '0'}`;
  const clients = new ServiceClients(service, sandbox, tokens, log, agent, observers);
  const repos = new RepoDetector(() => service.current().remoteMatch, context.workspaceState, log.child('repo'));
  const filter = new TaskFilter(context.workspaceState);
  const drafts = new DraftStore(context.workspaceState);
  const links = new ContinuationLinks(context.workspaceState);
  const { workspaceState } = context;
  const attemptSets = new AttemptSets(workspaceState);
  const grouping = new TaskGrouping(context.workspaceState);
  // One object for what the user chose to see; the model, the views and the changes all hear its one event.
  const viewState = new ViewState(filter, grouping, drafts);
  const pace = {
    activeMs: () => readSettings().activePollSeconds * 1000,
    idleMs: () => readSettings().idlePollSeconds * 1000,
  };
  // Names by ID per service (its kind and address), kept across sessions; fed by the task and installation reads.
  const names = new RepoNames(context.globalState);
  const nameScope = () => names.useScope(`${service.current().kind}\n${service.current().scope}`);
  nameScope();
  // Before the task model's own listener: the answers to its next reads belong to the new service.
  const nameScopeListener = service.onDidChange(nameScope);
  const model = new TaskModel({
    client: () => clients.forKind('fine_grained'),
    service,
    tokens,
    repos,
    view: viewState,
    pace,
    log,
    names,
    links,
    lastLists: { state: context.workspaceState, folders: () => repos.folders() },
  });
  const access = { has: tokens.has.bind(tokens), client: clients.forKind.bind(clients) };
  // The Installations view starts collapsed: the model and its drawing are built when it first draws.
  const installations = new InstallationsOnDemand(
    {
      access,
      onDidChangeToken: tokens.onDidChange,
      onDidChangeService: service.onDidChange,
      names,
      log: log.child('installations'),
    },
    service,
  );
  const commands = new CommandRegistry(ui, log.child('command'));
  const contextKeys = new ContextKeys(observers);
  // Where git cannot run (src/env), the manifest's `when` clauses leave out what needs it.
  if (!host.hasGit) contextKeys.set('gitless', true);
  const changes = new (host.hasGit ? ChangesOnDemand : GitlessChanges)(
    {
      model,
      repos,
      ui,
      log: log.child('changes'),
      intervalMs: pace.activeMs,
      storage: () => (context.storageUri ?? context.globalStorageUri).fsPath,
      setContext: (key, on) => contextKeys.set(key, on),
      state: context.workspaceState,
      links,
      attemptSets,
    },
    observers,
  );
  // The changes feed each task's picture; an expanded task's changes follow its branch while it stays expanded.
  model.pictures.useChanges(changes);
  model.pictures.useAttempts(attemptSets);
  const watchChanges = viewState.onDidChange(c => c.kind === 'expanded' && changes.watch(c.id, `tree:${c.view}`, c.on));
  // Signed out, nothing polls: the address is tried once, and the status bar and the views say what that found.
  const address = new AddressWatch({
    current: () => service.current(),
    signedIn: () => model.signInKnown,
    tryAddress: url => checkAddress(url, read => clients.probe(undefined, read)),
    log: log.child('service'),
  });
  const views = new TaskViews({
    model,
    service,
    state: viewState,
    context: contextKeys,
    address,
    viewed: (id, file, on) => void changes.setViewed(id, file, on),
    observers: { treeRootsDrawn: firstTreeLogged(observers, log, t0) },
  });
  const status = new StatusBarController(model, service, commands, ui, address, observers);
  const pageService = {
    current: () => ({ service: service.current().scope, label: service.current().label, signedIn: model.signedIn }),
    onDidChange: model.onDidChangeStatus,
    tell: (text: string) => void ui.notify('info', text),
  };
  // The pages' code is required when the first page opens.
  const pages = new TaskPagesOnDemand({
    model,
    world: pageService,
    mediaRoot: vscode.Uri.joinPath(context.extensionUri, 'media'),
    log: log.child('page'),
    activeIntervalMs: pace.activeMs,
    watchChanges: (id, who, on) => changes.watch(id, who, on),
    rendered: (id, html) => observers.taskPageRendered?.(id, html),
  });
  // The services that start tasks: built on the first start, from a command or a chat tool; both use these.
  const startServices: () => Promise<StartServices> = onFirstUse(() =>
    import('./tasks/startServices').then(m =>
      m.createStartServices({
        ...{ clients, tokens, model, repos, drafts, links, attemptSets, ui, log: log.child('start') },
        ...{ globalState: context.globalState, workspaceState: context.workspaceState },
      }),
    ),
  );
  const chat = new ChatTools(
    {
      enabled: () => readSettings().chatTools,
      service: () => service.current(),
      hasToken: () => tokens.has('fine_grained'),
      client: () => clients.forKind('fine_grained'),
      model,
      starter: { start: async req => (await startServices()).starter.start(req) },
      attempts: { start: async (req, models) => (await startServices()).attempts!.start(req, models) },
      continuer: { prepare: async task => (await startServices()).continuer.prepare(task) },
      defaults: () => lastStartDefaults(context.globalState),
      log: log.child('chat'),
      changes,
      review: changes.feedback,
    },
    observers,
  );
  // What other extensions see (src/publicApi/types.ts): copies of the tasks, their states' changes, an asking start.
  const exported = createPublicApi({ model, drafts, serviceUrl: () => service.current().url });
  const accountBook = new AccountBook(context.secrets, context.globalState, tokens);
  // The Accounts menu: who is signed in to each service; signing in there is Set Token… for the current service.
  const accounts = new AccountsProvider({
    ...{ secrets: context.secrets, tokens, accounts: accountBook, log: log.child('accounts') },
    ...{ scope: () => service.current().scope, onDidChangeScope: service.onDidChange },
    signIn: async kind => (await vscode.commands.executeCommand<boolean>(COMMANDS.setToken, kind)) === true,
  });
  // While the window is in the background, news goes to the system's notifications (a webview made when first needed).
  const systemNotifications = systemNotificationsOf(context, ui, log.child('notify'));
  const demoRepos = async () => (service.current().kind === 'sandbox' ? sandbox.demoRepositories() : []);
  const installationsEnv = {
    get model() {
      return installations.model();
    },
    ...{ client: access.client, forget: tokens.delete.bind(tokens), ui, log: log.child('installations'), names },
    ...{ serviceUrl: () => service.current().url, inSandbox: () => service.current().kind === 'sandbox' },
    ...{ workspaceRepos: () => repos.candidates(), tasks: () => clients.forKind('fine_grained') },
  };
  const contributed = ((context.extension.packageJSON as Manifest).contributes?.commands ?? []).map(c => c.command);
  const lazyCommands = registerLazyCommands(
    commands,
    contributed,
    {
      ...{ ui, log, globalState: context.globalState, tokens, service, sandbox, clients, accountBook, model, repos },
      ...{ links, grouping, drafts, startServices, installations: installationsEnv, views, filter, pages },
      ...{ showLog: () => channel.show(true), suggestions: demoRepos, attemptSets },
      changes: () => changes.commandDeps(),
      changesReady: () => changes.ready(),
      installationsReady: () => installations.ready(),
      refreshChanges: () => changes.refreshWatched(),
    },
    built => context.subscriptions.push(built),
  );
  context.subscriptions.push(
    ...[
      channel,
      sandbox,
      service,
      tokens,
      clients,
      repos,
      names,
      nameScopeListener,
      filter,
      drafts,
      links,
      attemptSets,
      grouping,
      viewState,
      model,
      installations,
      changes,
      watchChanges,
      address,
      views,
      status,
      pages,
      exported,
      systemNotifications,
    ],
    new TaskNotifier(model, () => readSettings().notifications, ui, systemNotifications, attemptSets),
    // The demo's set of attempts, told by a sandbox on this machine, where one can run (the browser's build has none).
    model.onDidChangeStatus(() => void (host.sandbox && attemptSets.learnFromSandbox(service, workspaceState, log))),
    accounts,
    // Every command but the status bar's: stubs now, their handlers (commands/handlers.ts) imported on the first call
    // of one, built from these very objects.
    lazyCommands,
    chat,
    // Leaving sandbox mode stops its server and its step timers; choosing it again starts it afresh.
    service.onDidChange(() => service.current().kind !== 'sandbox' && void sandbox.stop()),
    vscode.window.onDidChangeWindowState(s => {
      model.setFocused(s.focused);
      // Another window may flip the sandbox choice; globalState has no change event, so look when focus returns.
      if (s.focused) service.check();
    }),
  );
  void repos.start();
  void model.start(vscode.window.state.focused);
  clients.warm();
  // Which host runs this build, as this code sees it (the browser's web worker has no `process`).
  log.info(`activated in ${Date.now() - t0} ms (${host.kind} extension host, process ${typeof process})`);
  if (!testing) return exported.api;
  const logFile = vscode.Uri.joinPath(context.logUri, `${channel.name}.log`).fsPath;
  const mementos = [context.globalState, context.workspaceState];
  const { subscriptions } = context;
  return testing.api({
    ...{ model, views, installations, service, pages, drafts, viewState, logFile, mementos, subscriptions, changes },
    ...{ commands: lazyCommands, exported: exported.api },
    reactivate: () => (subscriptions.splice(0).forEach(s => void s.dispose()), activate(context)),
  });
}

interface Manifest {
  contributes?: { commands?: Array<{ command: string }> };
}

async function importTesting(context: vscode.ExtensionContext): Promise<typeof Testing> {
  const testing = (await host.importTesting(context.extensionPath)) as typeof Testing;
  // It reads the extension's own objects through the extension's own modules: a copy loaded by another path would
  // hold classes and state of its own.
  if (testing.sharedEmitter !== Emitter) throw new Error(`dist/testing.mjs does not share the extension's modules`);
  return testing;
}

export function deactivate(): void {}
