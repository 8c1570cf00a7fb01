import { INSTALLATION_COMMANDS } from '../ids';
import { DisposableBase } from '../lifecycle';
import type { SlotId } from './model';
import { addRepository } from './commands/addRepository';
import { isRefreshOptions, openOnWeb, refresh } from './commands/refresh';
import { removeRepository } from './commands/removeRepository';
import { revokeToken } from './commands/revokeToken';
import type { CommandEnv, InstallationsEnv } from './commands/shared';
import type { CommandRegistry } from '../shared/registry';

/**
 * The Installations view's commands: Refresh, Add Repository…, Remove Repository, Revoke Installation Token, Open on
 * the Web, Load More. Each resolves with an `Outcome` (what was done) and asks its questions through the `Ui`. A
 * failure goes through the one command-error policy (the registry's), whether the command throws or goes on to say
 * what it did.
 */
export class InstallationCommands extends DisposableBase {
  constructor(env: InstallationsEnv, commands: CommandRegistry) {
    super();
    const C = INSTALLATION_COMMANDS;
    const as = (id: string, args: unknown[]): CommandEnv => ({
      ...env,
      fail: (e, r) => commands.fail(id, e, { args, ...r }),
    });
    this.register(
      commands.register({
        [C.refresh]: (o?: unknown) => refresh(env, isRefreshOptions(o) ? o : undefined),
        [C.addRepository]: (arg?: unknown) => addRepository(as(C.addRepository, [arg]), arg),
        [C.removeRepository]: (arg?: unknown) => removeRepository(as(C.removeRepository, [arg]), arg),
        [C.revokeToken]: () => revokeToken(as(C.revokeToken, [])),
        [INSTALLATION_COMMANDS.openOnWeb]: (arg?: unknown) => openOnWeb(env, arg),
        [INSTALLATION_COMMANDS.loadMore]: (id: SlotId) => env.model.loadMore(id),
      }),
    );
  }
}
