// The Account object (a repository's `owner`, an installation's `account`), with every field of the specification.
import type { Account } from '../../api/types';
import type { AccountRec } from '../state';

export function nodeId(kind: string, id: number): string {
  return Buffer.from(`0${kind.length}:${kind}${id}`).toString('base64');
}

export function renderAccount(a: AccountRec, origin: string): Account {
  const api = `${origin}/users/${a.login}`;
  return {
    login: a.login,
    id: a.id,
    node_id: nodeId(a.type, a.id),
    avatar_url: `${origin}/_sandbox/avatars/${a.id}`,
    gravatar_id: '',
    url: api,
    html_url: `${origin}/${a.login}`,
    followers_url: `${api}/followers`,
    following_url: `${api}/following{/other_user}`,
    gists_url: `${api}/gists{/gist_id}`,
    starred_url: `${api}/starred{/owner}{/repo}`,
    subscriptions_url: `${api}/subscriptions`,
    organizations_url: `${api}/orgs`,
    repos_url: `${api}/repos`,
    events_url: `${api}/events{/privacy}`,
    received_events_url: `${api}/received_events`,
    type: a.type,
    site_admin: false,
  };
}
