import * as vscode from 'vscode';
import type { CommandRegistry } from '../shared/registry';
import { statusOf } from '../errors/failure';
import { explain } from '../errors/userErrors';
import { COMMANDS, VIEWS } from '../ids';
import { DisposableBase } from '../lifecycle';
import type { TaskModel } from '../model/taskModel';
import type { TaskPicture } from '../model/taskPicture';
import type { AddressWatch } from './addressWatch';
import { forLabel, forMarkdown } from '../safety/serviceText';
import type { Observers } from '../observers';
import type { ServiceChoice } from '../service/serviceChoice';
import type { Ui } from '../ui';

/** How the status bar names what went wrong with the service, by the answer's status (0: no answer at all). */
function problemTitle(status: number | undefined): string {
  if (status === 401) return vscode.l10n.t('token refused');
  if (status === 403) return vscode.l10n.t('access refused');
  if (!status) return vscode.l10n.t('service unreachable');
  return vscode.l10n.t('service error {0}', status);
}

/**
 * Queued and running tasks, counted apart, with a spinner while any runs; the tasks in the tooltip; a click reveals
 * the views. It speaks of tasks only once the service has answered: before a token is set it says so, while the
 * first answer is awaited it says that, and when the service cannot be reached or refuses it shows a problem (the
 * address and the error in the tooltip, a click to try again or read the log). Hidden when no service is configured.
 */
export class StatusBarController extends DisposableBase {
  private readonly item = this.register(
    vscode.window.createStatusBarItem('agentTasks.status', vscode.StatusBarAlignment.Left, 50),
  );

  constructor(
    private readonly model: TaskModel,
    private readonly service: ServiceChoice,
    commands: CommandRegistry,
    private readonly ui: Ui,
    /** What trying the address without a token found; without it, a signed-out bar cannot tell "down" apart. */
    private readonly address?: AddressWatch,
    observers: Observers = {},
  ) {
    super();
    this.item.name = vscode.l10n.t('Agent Tasks');
    observers.statusItem?.(this.item);
    this.register(commands.register({ [COMMANDS.serviceProblem]: () => this.offerWayOut() }));
    this.register(model.onDidChangeTasks(() => this.update()));
    this.register(model.onDidChangeStatus(() => (this.noteAnswered(), this.update())));
    this.register(service.onDidChange(() => this.update()));
    if (address) this.register(address.onDidChange(() => (this.noteAnswered(), this.update())));
    this.update();
  }

  /**
   * An address the user set that answered (a poll went well, or a try without a token found the service) is kept,
   * to be offered again when another does not. Heard from the poll and the try, which speak of the address in use
   * (not when the address changes, while the last poll's outcome is still the old address's).
   */
  private noteAnswered(): void {
    const s = this.service.current();
    if (s.kind === 'remote' && (this.model.reachable === 'yes' || this.address?.answered()))
      this.service.noteAnswered(s.url);
  }

  private update(): void {
    const s = this.service.current();
    if (s.kind === 'none') {
      this.item.hide();
      return;
    }
    const sandbox = s.kind === 'sandbox';
    const prefix = sandbox ? vscode.l10n.t('$(beaker) Sandbox · ') : '';
    const where = sandbox
      ? s.url
        ? vscode.l10n.t('the built-in sandbox at {0}', s.url)
        : vscode.l10n.t('the built-in sandbox')
      : s.url;
    const md = new vscode.MarkdownString();
    md.appendMarkdown(
      sandbox
        ? s.url
          ? vscode.l10n.t('**Agent Tasks** — built-in sandbox at {0} (demo data)\n\n', forMarkdown(s.url))
          : vscode.l10n.t('**Agent Tasks** — built-in sandbox (demo data)\n\n')
        : vscode.l10n.t('**Agent Tasks** — {0}\n\n', forMarkdown(s.url)),
    );
    const problem = this.model.signedIn ? this.model.failure : undefined;
    // Without a token nothing polls: the address is tried once, so a service that is down is not taken for one that
    // only wants a token. That is said first: a token is of no use until the address answers.
    const down = this.address?.problem();
    let label: string;
    this.item.backgroundColor = undefined;
    this.item.command = { command: `${VIEWS.repoTasks}.focus`, title: vscode.l10n.t('Show Agent Tasks') };
    if (down) {
      const title =
        down.kind === 'unreachable' ? vscode.l10n.t('service unreachable') : vscode.l10n.t('address refused');
      // The address is named on the bar itself (its host, short); the error is in the tooltip and the log.
      this.item.text =
        down.kind === 'unreachable'
          ? vscode.l10n.t('{0}$(error) Agent Tasks: {1} unreachable', prefix, hostOf(s.url))
          : vscode.l10n.t('{0}$(error) Agent Tasks: {1} refused', prefix, hostOf(s.url));
      this.item.backgroundColor = new vscode.ThemeColor('statusBarItem.errorBackground');
      md.appendMarkdown(`**${forMarkdown(sentence(title))}** at ${forMarkdown(where)}\n\n`);
      md.appendMarkdown(`${forMarkdown(down.text)}\n\n`);
      md.appendMarkdown(
        vscode.l10n.t(
          'A token can be set once the address answers. Click to try again, to change the address or to see the log.',
        ),
      );
      this.item.command = {
        command: COMMANDS.serviceProblem,
        title: vscode.l10n.t('Try Again, Change the Address or See the Log'),
      };
      label = vscode.l10n.t('Agent Tasks: {0} at {1}', title, where);
    } else if (!this.model.signedIn) {
      this.item.text = vscode.l10n.t('{0}$(key) Agent Tasks: no token', prefix);
      md.appendMarkdown(
        vscode.l10n.t('No fine-grained token is set for this service, so its tasks cannot be read. Click to set one.'),
      );
      this.item.command = {
        command: COMMANDS.setToken,
        title: vscode.l10n.t('Set Token'),
        arguments: ['fine_grained'],
      };
      label = vscode.l10n.t('Agent Tasks: no token set');
    } else if (problem !== undefined) {
      const status = statusOf(problem);
      const title = problemTitle(status);
      this.item.text = status
        ? vscode.l10n.t('{0}$(error) Agent Tasks: {1}', prefix, title)
        : vscode.l10n.t('{0}$(error) Agent Tasks: {1} unreachable', prefix, hostOf(s.url));
      this.item.backgroundColor = new vscode.ThemeColor('statusBarItem.errorBackground');
      md.appendMarkdown(`**${forMarkdown(sentence(title))}** at ${forMarkdown(where)}\n\n`);
      md.appendMarkdown(`${forMarkdown(explain(problem).text)}\n\n`);
      md.appendMarkdown(vscode.l10n.t('Click to try again or to see the log.'));
      this.item.command = { command: COMMANDS.serviceProblem, title: vscode.l10n.t('Try Again or See the Log') };
      label = vscode.l10n.t('Agent Tasks: {0} at {1}', title, where);
    } else if (this.model.reachable !== 'yes') {
      this.item.text = vscode.l10n.t('{0}$(loading~spin) Agent Tasks', prefix);
      md.appendMarkdown(vscode.l10n.t('Asking the service for tasks…'));
      label = vscode.l10n.t('Agent Tasks: asking the service for tasks');
    } else {
      const active = this.model.running();
      const queued = active.filter(p => p.task.state === 'queued');
      const running = active.filter(p => p.task.state !== 'queued');
      this.item.text = `${prefix}${countText(queued.length, running.length)}`;
      if (active.length) for (const t of [...running, ...queued]) md.appendMarkdown(line(t));
      else md.appendMarkdown(vscode.l10n.t('No task is queued or running.'));
      label = vscode.l10n.t('Agent Tasks: {0} queued, {1} running', queued.length, running.length);
    }
    this.item.tooltip = md;
    this.item.accessibilityInformation = { label: sandbox ? vscode.l10n.t('{0}, sandbox', label) : label };
    this.item.show();
  }

  /** The click on a problem: try again now, read the log, or fix what the error points at. */
  private async offerWayOut(): Promise<void> {
    const down = this.address?.problem();
    if (down) {
      type Choice = vscode.QuickPickItem & { run(): unknown };
      const choices: Choice[] = [
        { label: vscode.l10n.t('$(refresh) Try Again'), run: () => this.address?.tryAgain() },
        { label: vscode.l10n.t('$(output) Show Log'), run: () => vscode.commands.executeCommand(COMMANDS.showLog) },
        {
          label: vscode.l10n.t('$(gear) Set Service Address…'),
          run: () => vscode.commands.executeCommand(COMMANDS.configureService),
        },
      ];
      const chosen = await this.ui.pick(choices, { title: vscode.l10n.t('Agent Tasks'), placeHolder: down.text });
      await chosen?.run();
      return;
    }
    const problem = this.model.failure;
    const status = problem === undefined ? undefined : statusOf(problem);
    type Item = vscode.QuickPickItem & { run(): unknown };
    const items: Item[] = [
      { label: vscode.l10n.t('$(refresh) Try Again'), run: () => this.model.refresh() },
      { label: vscode.l10n.t('$(output) Show Log'), run: () => vscode.commands.executeCommand(COMMANDS.showLog) },
    ];
    if (status === 401 || status === 403)
      items.push({
        label: vscode.l10n.t('$(key) Set Fine-grained Token…'),
        run: () => vscode.commands.executeCommand(COMMANDS.setToken, 'fine_grained'),
      });
    else if (!status)
      items.push({
        label: vscode.l10n.t('$(gear) Set Service Address…'),
        run: () => vscode.commands.executeCommand(COMMANDS.configureService),
      });
    const picked = await this.ui.pick(items, {
      title: vscode.l10n.t('Agent Tasks'),
      placeHolder: problem !== undefined ? explain(problem).text : vscode.l10n.t('The service answers again.'),
    });
    await picked?.run();
  }
}

/** "1 queued · 2 running", with a spinner while any runs. */
function countText(queued: number, running: number): string {
  if (!queued && !running) return vscode.l10n.t('$(checklist) No tasks running');
  const parts = [queued ? `${queued} queued` : '', running ? `${running} running` : ''].filter(Boolean);
  return `${running ? '$(sync~spin)' : '$(clock)'} ${parts.join(' · ')}`;
}

function line(p: TaskPicture): string {
  return `- ${forMarkdown(p.state.label)}: ${forMarkdown(p.task.name || p.id)}\n`;
}

/** An address's host and port, as the bar names it (the whole address is in the tooltip); "service" without one. */
function hostOf(url: string): string {
  let host = url;
  try {
    host = new URL(url).host || url;
  } catch {
    // not an address: named as it is
  }
  return forLabel(host, 100) || vscode.l10n.t('service');
}

function sentence(s: string): string {
  return s.charAt(0).toUpperCase() + s.slice(1);
}
