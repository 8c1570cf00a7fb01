import * as vscode from 'vscode';
import { logFailure } from '../errors/report';
import { explain, type UserError } from '../errors/userErrors';
import { COMMANDS, type TokenKind } from '../ids';
import { disposeAll, toDisposable, type Disposable } from '../lifecycle';
import type { Log } from '../log';
import { tell, type Action, type Ui } from '../ui';

export const SET_TOKEN: Record<TokenKind, string> = {
  fine_grained: vscode.l10n.t('Set Fine-grained Token'),
  classic: vscode.l10n.t('Set Classic Token'),
  installation: vscode.l10n.t('Set Installation Token'),
};

const run =
  (command: string, ...args: unknown[]) =>
  () =>
    vscode.commands.executeCommand(command, ...args);

/** The buttons that lead out of a failure, from what the explanation says is wrong. */
export function wayOut(e: UserError): Action[] {
  switch (e.remedy) {
    case 'setToken':
      return [
        {
          title: e.tokenKind ? SET_TOKEN[e.tokenKind] : vscode.l10n.t('Set Token…'),
          run: run(COMMANDS.setToken, e.tokenKind),
        },
      ];
    case 'configureService':
      return [
        { title: vscode.l10n.t('Set Service Address…'), run: run(COMMANDS.configureService) },
        { title: vscode.l10n.t('Try the Built-in Sandbox'), run: run(COMMANDS.useSandbox) },
      ];
    case 'openSettings':
      return [{ title: vscode.l10n.t('Open Settings'), run: run('workbench.action.openSettings', 'agentTasks') }];
    case 'showLog':
      return [{ title: vscode.l10n.t('Show Log'), run: run(COMMANDS.showLog) }];
    default:
      return [];
  }
}

/**
 * Registers commands with the one error policy: a command that fails is explained in plain words, logged, and shown
 * with the way out (set the token, fix the address, retry, the log); it then resolves with undefined. Nothing reaches
 * VS Code's generic "command failed" notice.
 */
export class CommandRegistry {
  constructor(
    private readonly ui: Ui,
    private readonly log: Log,
  ) {}

  register(handlers: Record<string, (...args: never[]) => unknown>): Disposable {
    const registrations = Object.entries(handlers).map(([id, handler]) =>
      vscode.commands.registerCommand(id, (...args: unknown[]) =>
        this.run(id, handler as (...a: unknown[]) => unknown, args),
      ),
    );
    return toDisposable(() => disposeAll(registrations));
  }

  private async run(id: string, handler: (...args: unknown[]) => unknown, args: unknown[]): Promise<unknown> {
    try {
      return await handler(...args);
    } catch (err) {
      const e = explain(err);
      logFailure(this.log, `${id}: ${e.text}`, err);
      const retry = e.remedy === 'retry' ? [{ title: vscode.l10n.t('Retry'), run: run(id, ...args) }] : [];
      const actions = [...retry, ...wayOut(e)];
      if (!actions.some(a => a.title === vscode.l10n.t('Show Log')))
        actions.push({ title: vscode.l10n.t('Show Log'), run: run(COMMANDS.showLog) });
      tell(this.ui, 'error', e.text, actions);
      return undefined;
    }
  }
}
