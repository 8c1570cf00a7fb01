import { INSTALLATION_COMMANDS } from '../ids';
import { DisposableBase } from '../lifecycle';
import type { SlotId } from '../model/installations/model';
import { addRepository } from './installations/addRepository';
import { isRefreshOptions, openOnWeb, refresh } from './installations/refresh';
import { removeRepository } from './installations/removeRepository';
import { revokeToken } from './installations/revokeToken';
import type { InstallationsEnv } from './installations/shared';
import type { CommandRegistry } from './registry';

/**
 * The Installations view's commands: Refresh, Add Repository…, Remove Repository, Revoke Installation Token, Open on
 * the Web, Load More. Each resolves with an `Outcome` (what was done) and asks its questions through the `Ui`.
 */
export class InstallationCommands extends DisposableBase {
  constructor(env: InstallationsEnv, commands: CommandRegistry) {
    super();
    this.register(
      commands.register({
        [INSTALLATION_COMMANDS.refresh]: (o?: unknown) => refresh(env, isRefreshOptions(o) ? o : undefined),
        [INSTALLATION_COMMANDS.addRepository]: (arg?: unknown) => addRepository(env, arg),
        [INSTALLATION_COMMANDS.removeRepository]: (arg?: unknown) => removeRepository(env, arg),
        [INSTALLATION_COMMANDS.revokeToken]: () => revokeToken(env),
        [INSTALLATION_COMMANDS.openOnWeb]: (arg?: unknown) => openOnWeb(env, arg),
        [INSTALLATION_COMMANDS.loadMore]: (id: SlotId) => env.model.loadMore(id),
      }),
    );
  }
}
