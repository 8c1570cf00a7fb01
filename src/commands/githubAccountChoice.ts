import * as vscode from 'vscode';
import { GITHUB_SCOPES, gitHubSignInFor, type GitHubSignIn } from '../auth/githubAccount';
import type { TokenKind } from '../ids';
import type { Ui } from '../ui';

/** A token taken from the GitHub account VS Code has, with whose it is. */
export interface FromGitHub {
  token: string;
  login: string;
  signIn: GitHubSignIn;
}

const NAMES = { github: 'GitHub', 'github-enterprise': vscode.l10n.t('GitHub Enterprise') } as const;

/**
 * Where the service is GitHub's own API or an enterprise server's, Set Token… offers the GitHub account VS Code
 * has before a token box. Resolves with its token, 'enter' to type one (also when nothing is offered), or 'cancel'.
 */
export async function offerGitHubAccount(
  ui: Ui,
  kind: TokenKind,
  serviceUrl: string,
): Promise<FromGitHub | 'enter' | 'cancel'> {
  const scopes = GITHUB_SCOPES[kind];
  const enterprise = vscode.workspace.getConfiguration('github-enterprise').get<string>('uri');
  const signIn = gitHubSignInFor(serviceUrl, enterprise);
  if (!scopes || !signIn) return 'enter';
  const name = NAMES[signIn.provider];
  const pick = await ui.pick(
    [
      {
        label: vscode.l10n.t('$(github) Use the {0} account VS Code has', name),
        description: vscode.l10n.t(
          'signs in with {0} (asks for the {1} scope)',
          new URL(signIn.web).host,
          scopes.join(', '),
        ),
        use: true,
      },
      { label: vscode.l10n.t('$(key) Enter a token…'), use: false },
    ],
    {
      placeHolder: vscode.l10n.t(
        'Sign in to {0} with your {1} account, or enter a token',
        new URL(serviceUrl).host,
        name,
      ),
    },
  );
  if (!pick) return 'cancel';
  if (!pick.use) return 'enter';
  // VS Code asks the user to allow it (and to sign in to GitHub when nobody is): a refusal throws, said as an error.
  const session = await vscode.authentication.getSession(signIn.provider, scopes, { createIfNone: true });
  return { token: session.accessToken, login: session.account.label, signIn };
}
