import * as vscode from 'vscode';
import { TokenStore } from './auth/tokenStore';
import { ServiceClients } from './clients';
import { createLog } from './log';
import { BuiltinSandbox } from './service/builtinSandbox';
import { ServiceChoice } from './service/serviceChoice';

// Wiring only: every feature is built here, handed its dependencies, and registered for disposal.
export function activate(context: vscode.ExtensionContext): void {
  const channel = vscode.window.createOutputChannel('Agent Tasks', { log: true });
  const log = createLog(channel);
  const service = new ServiceChoice(context.globalState);
  const tokens = new TokenStore(context.secrets, () => service.secretScope());
  const sandbox = new BuiltinSandbox(context.globalStorageUri, log.child('sandbox'));
  const version = String(context.extension.packageJSON.version ?? '0');
  const clients = new ServiceClients(service, sandbox, tokens, log, `agent-tasks-vscode/${version}`);
  context.subscriptions.push(channel, service, tokens, sandbox, clients);

  // INSTALLATIONS: registerInstallations(context, { clients, tokens, log });  (add once src/installations lands)
  log.info('activated');
}

export function deactivate(): void {}
