import * as vscode from 'vscode';
import type { TokenStore } from '../auth/tokenStore';
import type { Clients } from '../clients';
import { INSTALLATION_COMMANDS, VIEWS } from '../ids';
import type { Log } from '../log';
import { addRepository } from './commands/addRepository';
import { refresh, openOnWeb, type RefreshOptions } from './commands/refresh';
import { removeRepository } from './commands/removeRepository';
import { revokeToken } from './commands/revokeToken';
import type { Feature } from './commands/shared';
import { InstallationsModel } from './model';
import type { CommandOptions } from './prompt';
import { InstallationsProvider } from './provider';

export interface InstallationsDeps {
  clients: Clients;
  tokens: TokenStore;
  log: Log;
}

/**
 * The Installations view (Area B) and its commands. Everything it creates is registered on `context`.
 * Commands resolve with an `Outcome` (what was done, and the tree afterwards) and accept, as their last
 * argument, `{ prompt }` answering their questions; the returned feature is for tests and is otherwise unused.
 */
export function registerInstallations(context: vscode.ExtensionContext, deps: InstallationsDeps): Feature {
  const log = deps.log.child('installations');
  const access = {
    has: (kind: Parameters<TokenStore['has']>[0]) => deps.tokens.has(kind),
    client: (kind: Parameters<TokenStore['has']>[0]) => deps.clients.forKind(kind),
    forget: (kind: Parameters<TokenStore['has']>[0]) => deps.tokens.delete(kind),
  };
  const serviceOf = () => {
    const d = deps.clients.describe();
    return d.sandbox ? 'sandbox' : d.url;
  };
  const model = new InstallationsModel(access);
  const provider = new InstallationsProvider(model, { access, serviceConfigured: () => serviceOf() !== '' });
  const view = vscode.window.createTreeView(VIEWS.installations, { treeDataProvider: provider, showCollapseAll: true });
  const feature: Feature = { model, provider, access, log };

  let service = serviceOf();
  context.subscriptions.push(
    provider,
    view,
    deps.tokens.onDidChange(kind => {
      if (kind === 'fine_grained') model.reset('user');
      else if (kind === 'installation') model.reset('token');
      else provider.redraw();
    }),
    deps.clients.onDidChange(() => {
      const now = serviceOf();
      if (now !== service) {
        service = now;
        model.reset('all');
      }
    }),
    vscode.commands.registerCommand(INSTALLATION_COMMANDS.refresh, (o?: RefreshOptions) => refresh(feature, isRefreshOptions(o) ? o : undefined)),
    vscode.commands.registerCommand(INSTALLATION_COMMANDS.addRepository, (arg?: unknown, o?: CommandOptions) => addRepository(feature, arg, o)),
    vscode.commands.registerCommand(INSTALLATION_COMMANDS.removeRepository, (arg?: unknown, o?: CommandOptions) => removeRepository(feature, arg, o)),
    vscode.commands.registerCommand(INSTALLATION_COMMANDS.revokeToken, (arg?: unknown, o?: CommandOptions) => revokeToken(feature, o ?? arg)),
    vscode.commands.registerCommand(INSTALLATION_COMMANDS.openOnWeb, (arg?: unknown) => openOnWeb(arg)),
  );
  return feature;
}

function isRefreshOptions(o: unknown): o is RefreshOptions {
  return typeof o === 'object' && o !== null && 'deep' in o;
}
