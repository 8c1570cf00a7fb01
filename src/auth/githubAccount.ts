// Where the service is GitHub's own API or an enterprise server's, the GitHub account VS Code already has can sign
// in. Pure: which of VS Code's GitHub sign-ins fits an address, and what to say when the service refuses its token.
import type { TokenKind } from '../ids';
import * as l10n from '@vscode/l10n';

export type GitHubProviderId = 'github' | 'github-enterprise';

export interface GitHubSignIn {
  provider: GitHubProviderId;
  /** The web address tokens are made at, e.g. `https://github.com`. */
  web: string;
}

/** The OAuth scopes asked of VS Code's GitHub sign-in per token kind; installation tokens never come from a person. */
export const GITHUB_SCOPES: Partial<Record<TokenKind, readonly string[]>> = {
  fine_grained: ['repo'],
  classic: ['repo'],
};

/**
 * Which GitHub sign-in serves `serviceUrl`: `github` for `https://api.github.com`; `github-enterprise` for an
 * enterprise server's `/api/v3` on the host VS Code's enterprise sign-in is set to (its `github-enterprise.uri`: a
 * session of another server would be no use here), or for GitHub Enterprise Cloud with data residency, whose API is
 * `https://api.<tenant>.ghe.com` and whose sign-in is set to `https://<tenant>.ghe.com`. Undefined elsewhere.
 */
export function gitHubSignInFor(serviceUrl: string, enterpriseUri: string | undefined): GitHubSignIn | undefined {
  let u: URL;
  try {
    u = new URL(serviceUrl);
  } catch {
    return undefined;
  }
  const path = u.pathname.replace(/\/+$/, '');
  const host = u.host.toLowerCase();
  if (u.protocol === 'https:' && host === 'api.github.com' && path === '')
    return { provider: 'github', web: 'https://github.com' };
  let e: URL;
  try {
    if (!enterpriseUri) return undefined;
    e = new URL(enterpriseUri);
  } catch {
    return undefined;
  }
  const enterpriseHost = e.host.toLowerCase();
  // Data residency: the API is a host of its own, `api.` before the tenant's; tokens are made at the tenant's host.
  const tenant = /^api\.([a-z0-9-]+\.ghe\.com)$/.exec(host)?.[1];
  if (tenant && u.protocol === 'https:' && path === '' && u.port === '')
    return enterpriseHost === tenant ? { provider: 'github-enterprise', web: `https://${tenant}` } : undefined;
  if (path.toLowerCase() !== '/api/v3' || enterpriseHost !== host) return undefined;
  return { provider: 'github-enterprise', web: `${u.protocol}//${u.host}` };
}

/** Where a token of `kind` is made on GitHub's web pages. */
export function tokenPage(web: string, kind: TokenKind): string {
  return kind === 'classic' ? `${web}/settings/tokens/new?scopes=repo` : `${web}/settings/personal-access-tokens/new`;
}

/**
 * What to say when the service refused the GitHub account's token (status 401 or 403) for the read that checks a
 * fine-grained token: VS Code's GitHub sign-in gives an OAuth app token, which tasks do not take, and which token to
 * make instead. Undefined for other statuses (the usual words fit them).
 */
export function gitHubRefusal(status: number | undefined, where: string, web: string): string | undefined {
  if (status !== 401 && status !== 403) return undefined;
  const refused =
    status === 401
      ? l10n.t('{0} refused the token of the GitHub account VS Code has (401), so it was not saved.', where)
      : l10n.t(
          '{0} took the token of the GitHub account VS Code has but refused it the list of your tasks (403).',
          where,
        );
  return l10n.t(
    "{0} VS Code's GitHub sign-in gives an OAuth app token, and tasks take a fine-grained token with the Agent tasks permission (read and write to start tasks): make a fine-grained personal access token at {1} and set it with Set Token….",
    refused,
    tokenPage(web, 'fine_grained'),
  );
}

/** Said with a classic token taken from the GitHub account: no read checks it, so what to do if it is refused. */
export function gitHubClassicNote(web: string): string {
  return l10n.t(
    'It came from the GitHub account VS Code has (an OAuth app token). If adding or removing a repository is refused, the service wants a classic personal access token with the repo scope: make one at {0} and set it with Set Token….',
    tokenPage(web, 'classic'),
  );
}
