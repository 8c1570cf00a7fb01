// What a tool says instead of acting, in the extension's own words: what is missing and which command sets it.
// Pure: no `vscode`. The command titles are the palette's ("Agent Tasks: …"); a unit test checks them against
// package.json.
import { explain, type ErrorContext, type Remedy } from '../errors/userErrors';
import { forChat } from '../safety/serviceText';

/** Palette titles of the commands a refusal points to. */
export const COMMAND_TITLES = {
  setToken: 'Agent Tasks: Set Token…',
  configureService: 'Agent Tasks: Set Service Address…',
  useSandbox: 'Agent Tasks: Try the Built-in Sandbox',
  chooseRepository: 'Agent Tasks: Choose Repository…',
  showLog: 'Agent Tasks: Show Log',
} as const;

/** The setting that turns the tools off. */
export const TOOLS_SETTING = 'agentTasks.chat.tools.enabled';

/** What stands in the way, in the order it is checked. */
export type Blocker =
  | { kind: 'off' }
  | { kind: 'noService' }
  | { kind: 'noToken' }
  | { kind: 'noRepo'; repoState: string; canListMine: boolean };

export function refusal(b: Blocker): string {
  switch (b.kind) {
    case 'off':
      return (
        `The Agent Tasks tools are turned off by the setting “${TOOLS_SETTING}”. Nothing was read or started. ` +
        'Turn the setting on to use them from chat.'
      );
    case 'noService':
      return (
        `No service address is set for Agent Tasks. Run “${COMMAND_TITLES.configureService}”, ` +
        `or “${COMMAND_TITLES.useSandbox}” to try it with demo data, then ask again.`
      );
    case 'noToken':
      return (
        'Agent Tasks has no fine-grained token with the Agent tasks permission (read to list tasks, read and write ' +
        `to start them). Run “${COMMAND_TITLES.setToken}”, then ask again.`
      );
    case 'noRepo': {
      const why =
        b.repoState === 'loading'
          ? 'Agent Tasks is still looking for the repository in the workspace’s Git remotes; ask again in a moment.'
          : b.repoState === 'noGit'
            ? 'The built-in Git extension is not available, so the workspace’s repository cannot be detected.'
            : 'No repository of this service was found in the workspace’s Git remotes.';
      const mine = b.canListMine ? ' To see your own tasks across repositories, list them with scope “mine”.' : '';
      return `${why} Run “${COMMAND_TITLES.chooseRepository}” to pick one, or open a folder cloned from it.${mine}`;
    }
  }
}

/** The way out of a failure, as a sentence to put after the explanation. */
export function remedyHint(remedy: Remedy): string {
  switch (remedy) {
    case 'setToken':
      return `Run “${COMMAND_TITLES.setToken}” to set another token.`;
    case 'configureService':
      return `Run “${COMMAND_TITLES.configureService}”, or “${COMMAND_TITLES.useSandbox}”.`;
    case 'openSettings':
      return 'Check the service address in the setting “agentTasks.serviceUrl”.';
    case 'networkSettings':
      return 'VS Code’s network settings (“http.proxy”, “http.systemCertificates”) decide the way to the service.';
    case 'retry':
      return 'Asking again in a moment may work.';
    case 'showLog':
      return `Details are in the log (“${COMMAND_TITLES.showLog}”).`;
    case 'none':
      return '';
  }
}

/**
 * A failure explained by the one explainer (errors/userErrors.ts), so it reads as it does in a command's message and
 * in the views, with its way out. The explanation may quote the service (its message, a name): it goes into chat as
 * service text does, where no markup can form.
 */
export function failureText(doing: string, err: unknown, context: ErrorContext = {}): string {
  const error = explain(err, context);
  return [`${doing} failed: ${forChat(error.text, 1000)}`, remedyHint(error.remedy)].filter(Boolean).join(' ');
}
