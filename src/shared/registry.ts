import * as vscode from 'vscode';
import { logFailure } from '../errors/report';
import { explain, type ErrorContext, type UserError } from '../errors/userErrors';
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
    case 'networkSettings':
      return [
        { title: vscode.l10n.t('Open Settings'), run: run('workbench.action.openSettings', e.setting ?? 'http.proxy') },
      ];
    case 'showLog':
      return [{ title: vscode.l10n.t('Show Log'), run: run(COMMANDS.showLog) }];
    default:
      return [];
  }
}

/** What a command adds when it reports a failure itself: the action's context, buttons of its own, its arguments. */
export interface FailureReport {
  /** Said to `explain` (e.g. the installation operation and what it was done to). */
  context?: ErrorContext;
  /** Buttons before the way out (e.g. Remove Stored Token). */
  actions?: Action[];
  /** The command's arguments, for Retry. */
  args?: unknown[];
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

  /** The ids registered through this registry and not disposed. */
  private readonly ids = new Set<string>();

  register(handlers: Record<string, (...args: never[]) => unknown>): Disposable {
    const registrations = Object.entries(handlers).map(([id, handler]) =>
      vscode.commands.registerCommand(id, (...args: unknown[]) =>
        this.run(id, handler as (...a: unknown[]) => unknown, args),
      ),
    );
    const ids = Object.keys(handlers);
    ids.forEach(id => this.ids.add(id));
    return toDisposable(() => {
      ids.forEach(id => this.ids.delete(id));
      disposeAll(registrations);
    });
  }

  /** Whether a command of this id was registered here (and not disposed). */
  has(id: string): boolean {
    return this.ids.has(id);
  }

  private async run(id: string, handler: (...args: unknown[]) => unknown, args: unknown[]): Promise<unknown> {
    try {
      return await handler(...args);
    } catch (err) {
      this.fail(id, err, { args });
      return undefined;
    }
  }

  /**
   * The policy itself, for a command that goes on after a failure (to resolve with what it did): explains the error,
   * logs it (with its stack when it is a fault of ours), and shows it with the way out. Returns the explanation.
   */
  fail(id: string, err: unknown, report: FailureReport = {}): UserError {
    const e = explain(err, report.context);
    logFailure(this.log, `${id}: ${e.text}`, err);
    const retry = e.remedy === 'retry' ? [{ title: vscode.l10n.t('Retry'), run: run(id, ...(report.args ?? [])) }] : [];
    const actions = [...retry, ...(report.actions ?? []), ...wayOut(e)];
    const showLog = vscode.l10n.t('Show Log');
    if (!actions.some(a => a.title === showLog)) actions.push({ title: showLog, run: run(COMMANDS.showLog) });
    tell(this.ui, 'error', e.text, actions);
    return e;
  }
}
