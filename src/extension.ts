import * as vscode from 'vscode';
import { TokenStore } from './auth/tokenStore';
import { ServiceClients } from './clients';
import { AccountCommands } from './commands/accountCommands';
import { DraftStore } from './commands/start/draftStore';
import { RecentPrompts } from './commands/start/promptSources';
import { StartCommands } from './commands/start/startCommands';
import { TaskStarter } from './commands/start/taskStarter';
import { TaskCommands } from './commands/taskCommands';
import { ViewCommands } from './commands/viewCommands';
import { readSettings } from './config';
import { registerInstallations } from './installations';
import { createLog } from './log';
import { RepoDetector } from './model/repoDetector';
import { TaskNotifier } from './notify/taskNotifier';
import { BuiltinSandbox } from './service/builtinSandbox';
import { ServiceChoice } from './service/serviceChoice';
import { StatusBarController } from './status/statusBar';
import { createTestApi, type AgentTasksTestApi } from './testApi';
import { TaskFilter } from './views/taskFilter';
import { listKeys } from './model/taskSync';
import { TaskViews } from './views/taskViews';

// Wiring only: every feature is built here, handed its dependencies, and registered for disposal.
// The HTTP layer and the sandbox are not loaded here: `Clients` and `BuiltinSandbox` require them on first use.
export function activate(context: vscode.ExtensionContext): AgentTasksTestApi {
  const t0 = Date.now();
  const channel = vscode.window.createOutputChannel('Agent Tasks', { log: true });
  const log = createLog(channel);
  const service = new ServiceChoice(context.globalState);
  const tokens = new TokenStore(context.secrets, () => service.secretScope());
  const sandbox = new BuiltinSandbox(context.globalStorageUri, log.child('sandbox'));
  const version = String(context.extension.packageJSON.version ?? '0');
  const clients = new ServiceClients(service, sandbox, tokens, log, `agent-tasks-vscode/${version}`);
  const matchUrl = () => {
    const t = service.current();
    return t.kind === 'remote' ? t.url : t.kind === 'sandbox' ? 'http://127.0.0.1' : '';
  };
  const repos = new RepoDetector(matchUrl, context.workspaceState, log.child('repo'));
  const filter = new TaskFilter(context.workspaceState);
  const drafts = new DraftStore(context.workspaceState);
  const recent = new RecentPrompts(context.globalState);
  context.subscriptions.push(channel, service, tokens, sandbox, clients, repos, filter, drafts);

  const views = new TaskViews({ clients, service, tokens, repos, filter, drafts, log });
  const status = new StatusBarController(
    views.store,
    () => ({ configured: service.current().kind !== 'none', sandbox: service.current().kind === 'sandbox', url: clients.describe().url }),
    clients.onDidChange,
  );
  const notifier = new TaskNotifier(
    views.store,
    () => readSettings().notifications,
    task => (views.sync.me !== undefined ? task.creator?.id === views.sync.me : views.store.list(listKeys.mine()).some(t => t.id === task.id)),
  );
  const starter = new TaskStarter(clients, tokens, views, drafts, recent, context.globalState, log.child('start'));
  context.subscriptions.push(
    views,
    status,
    notifier,
    new AccountCommands(tokens, service, sandbox, log.child('auth')),
    new ViewCommands(views, filter, repos, () => channel.show(true), () => (service.current().kind === 'sandbox' ? sandbox.demoRepositories() : [])),
    new TaskCommands(views.store, views.sync, repos, clients, log.child('task')),
    new StartCommands(starter, drafts, recent, repos, service, tokens, context.globalState),
    vscode.workspace.onDidChangeConfiguration(e => e.affectsConfiguration('agentTasks.showArchived') && filter.settingsChanged()),
    // Leaving sandbox mode stops its server and its step timers; choosing it again starts it afresh.
    service.onDidChange(() => service.current().kind !== 'sandbox' && void sandbox.stop()),
    // Another window may flip the sandbox choice; globalState has no change event, so look when focus returns.
    vscode.window.onDidChangeWindowState(s => s.focused && service.check()),
  );

  registerInstallations(context, { clients, tokens, log });
  void repos.start();
  log.info(`activated in ${Date.now() - t0} ms`);
  const logFile = vscode.Uri.joinPath(context.logUri, `${channel.name}.log`).fsPath;
  return createTestApi({ views, status, repos, starter, drafts, notifier, clients, logFile, mementos: [context.globalState, context.workspaceState] });
}

export function deactivate(): void {}
