// The handlers of the commands that need git (gitCommandIds.ts) where git cannot run (the browser, src/env): the
// manifest does not offer them there, and one run anyway (a keybinding, another extension) says why in one line,
// with the way to the changes: the task's pull request, or its page on the web.
import * as vscode from 'vscode';
import { COMMANDS } from '../ids';
import { DisposableBase } from '../lifecycle';
import { pullRequests } from '../model/taskLinks';
import type { CommandRegistry } from '../shared/registry';
import { taskOf } from '../shared/taskArgs';
import { tell, type Action, type Ui } from '../ui';
import { GIT_COMMANDS } from './gitCommandIds';

export class GitlessCommands extends DisposableBase {
  constructor(
    commands: CommandRegistry,
    private readonly ui: Ui,
  ) {
    super();
    this.register(commands.register(Object.fromEntries(GIT_COMMANDS.map(id => [id, (a: unknown) => this.say(a)]))));
  }

  private say(arg: unknown): void {
    const task = taskOf(arg);
    const open = (command: string, title: string): Action => ({
      title,
      run: () => vscode.commands.executeCommand(command, { task }),
    });
    const actions = !task
      ? []
      : pullRequests(task).length
        ? [open(COMMANDS.openPullRequest, vscode.l10n.t('Open Pull Request'))]
        : [open(COMMANDS.openTaskOnWeb, vscode.l10n.t('Open on Web'))];
    tell(
      this.ui,
      'info',
      vscode.l10n.t(
        "This needs git, which an editor in the browser does not have. The pull request and the task's page on the web show a task's changes.",
      ),
      actions,
    );
  }
}
