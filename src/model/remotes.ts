// Parsing of git remote addresses and matching them against the service address. Pure: no `vscode`.
import { isLoopbackHost } from '../api/guard';
import type { RepoRef } from '../api/params';

export interface RemoteRepo {
  /** Lower-case host name without port or brackets (an IPv6 address stays bare: `::1`). */
  host: string;
  owner: string;
  repo: string;
}

const SCP_LIKE = /^(?:[^@/\s]+@)?(\[[^\]]+\]|[^:/\s]+):(?!\/\/)(.+)$/;

/**
 * Reads `owner/repo` and the host out of a remote address: https, http, ssh, git, scp-like (`git@host:o/r.git`),
 * with or without `.git` and trailing slashes. The last two path segments are taken so that hosts that serve
 * repositories under a prefix still work. Local paths and file URLs give undefined.
 */
export function parseRemoteUrl(raw: string): RemoteRepo | undefined {
  const url = raw.trim();
  if (!url) return undefined;
  let host: string;
  let path: string;
  const scheme = /^([a-z][a-z0-9+.-]*):\/\//i.exec(url);
  if (scheme) {
    const proto = scheme[1].toLowerCase();
    if (proto === 'file') return undefined;
    let u: URL;
    try {
      // `git+ssh://` and friends are not special schemes to URL; normalise so host parsing is uniform.
      u = new URL(url.replace(/^[a-z][a-z0-9+.-]*:\/\//i, 'ssh://'));
    } catch {
      return undefined;
    }
    host = u.hostname;
    try {
      path = decodeURIComponent(u.pathname);
    } catch {
      return undefined; // badly %-encoded: not an address of a repository
    }
  } else {
    if (/^[a-z]:[\\/]/i.test(url) || url.startsWith('/') || url.startsWith('.') || url.includes('\\')) return undefined;
    const m = SCP_LIKE.exec(url);
    if (!m) return undefined;
    host = m[1];
    path = m[2];
  }
  host = host.replace(/^\[|\]$/g, '').toLowerCase();
  if (!host) return undefined;
  const segments = path
    .replace(/\/+$/, '')
    .replace(/\.git$/i, '')
    .split('/')
    .filter(s => s && s !== '~');
  if (segments.length < 2) return undefined;
  const owner = segments[segments.length - 2].replace(/^~/, '');
  const repo = segments[segments.length - 1];
  if (!owner || !repo || repo === '.' || repo === '..') return undefined;
  return { host, owner, repo };
}

// One rule for "this machine" everywhere: the API module's, which decides where a token may go. Taken from its own
// file, not the index, so that the activation path does not load the HTTP layer.
export { isLoopbackHost } from '../api/guard';

/** The host git remotes of the service use: the service host with a leading `api.` removed. */
export function remoteHostForService(serviceUrl: string): string | undefined {
  try {
    return new URL(serviceUrl).hostname
      .replace(/^\[|\]$/g, '')
      .toLowerCase()
      .replace(/^api\./, '');
  } catch {
    return undefined;
  }
}

/**
 * A remote belongs to the service when its host equals the service host without a leading `api.` (an enterprise
 * address keeps its host and drops its path prefix such as `/api/v3`); for a loopback service any loopback remote
 * matches, whatever its port.
 */
export function remoteMatchesService(remote: RemoteRepo, serviceUrl: string): boolean {
  const host = remoteHostForService(serviceUrl);
  if (host === undefined) return false;
  if (isLoopbackHost(host)) return isLoopbackHost(remote.host);
  return remote.host === host;
}

export function repoLabel(r: RepoRef): string {
  return `${r.owner}/${r.repo}`;
}

/** Owner and repository names are case-insensitive on the service: compare them so everywhere. */
export function sameRepo(a: RepoRef, b: RepoRef): boolean {
  return a.owner.toLowerCase() === b.owner.toLowerCase() && a.repo.toLowerCase() === b.repo.toLowerCase();
}
