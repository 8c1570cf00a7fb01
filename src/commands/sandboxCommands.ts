import * as vscode from 'vscode';
import type { TokenStore } from '../auth/tokenStore';
import { COMMANDS, INSTALLATION_COMMANDS, TOKEN_KINDS } from '../ids';
import { DisposableBase } from '../lifecycle';
import type { Log } from '../log';
import type { BuiltinSandbox } from '../service/builtinSandbox';
import type { ServiceChoice } from '../service/serviceChoice';
import type { Ui } from '../ui';
import type { CommandRegistry } from '../shared/registry';

/** Reset Sandbox: the built-in sandbox back to its demo world, with its demo tokens in place again. */
export class SandboxCommands extends DisposableBase {
  constructor(
    private readonly tokens: TokenStore,
    private readonly service: ServiceChoice,
    private readonly sandbox: BuiltinSandbox,
    private readonly ui: Ui,
    commands: CommandRegistry,
    private readonly log: Log,
  ) {
    super();
    this.register(commands.register({ [COMMANDS.resetSandbox]: () => this.reset() }));
  }

  /** Resolves with true once the demo world is back (on disk), the demo tokens set and the views refreshed. */
  async reset(): Promise<boolean> {
    const service = this.service.current();
    if (service.kind !== 'sandbox') {
      const uses = service.kind === 'none' ? vscode.l10n.t('no service') : service.label;
      void this.ui.notify(
        'info',
        vscode.l10n.t(
          'Reset Sandbox resets the built-in sandbox, and this window uses {0}. The sandbox that `npm start` runs starts from its demo world with `npm start -- --reset`.',
          uses,
        ),
      );
      return false;
    }
    const sure = await this.ui.confirm(
      vscode.l10n.t('Reset the built-in sandbox to its demo world?'),
      vscode.l10n.t('Tasks started since and changes to installations are lost; revoked demo tokens work again.'),
      vscode.l10n.t('Reset'),
    );
    if (!sure) return false;
    await vscode.window.withProgress(
      { location: vscode.ProgressLocation.Window, title: vscode.l10n.t('Resetting the built-in sandbox…') },
      async () => {
        await this.sandbox.reset();
        // Revoking removes the installation token from this editor; the demo world has it again.
        const demo = await this.sandbox.demoTokens();
        for (const k of TOKEN_KINDS) if (!(await this.tokens.has(k))) await this.tokens.set(k, demo[k]);
      },
    );
    this.log.info('sandbox reset; demo tokens in place for the kinds that had none');
    await Promise.all([
      vscode.commands.executeCommand(COMMANDS.refresh),
      vscode.commands.executeCommand(INSTALLATION_COMMANDS.refresh),
    ]);
    void this.ui.notify('info', vscode.l10n.t('The built-in sandbox is back to its demo world, with its demo tokens.'));
    return true;
  }
}
