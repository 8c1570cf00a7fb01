// Parsing of git remote addresses and matching them against the service address; reading a repository's remotes
// from its config file's text (where that file is: src/env/node/gitConfig.ts). No `vscode`.
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

/** A remote as a git config file declares it: the first `url` and `pushurl` of its `[remote "name"]` section. */
export interface ConfigRemote {
  name: string;
  fetchUrl?: string;
  pushUrl?: string;
}

const SECTION = /^\[\s*([A-Za-z0-9.-]+)(?:\s+"((?:[^"\\]|\\.)*)")?\s*\]/;
const ENTRY = /^([A-Za-z][A-Za-z0-9-]*)\s*(?:=\s*(.*))?$/;

/**
 * The remotes of a git config file's text (`.git/config`), the way git reads the parts this needs: sections
 * `[remote "name"]` (and the old `[remote.name]`), case-insensitive keys, values with quotes, escapes and trailing
 * `#`/`;` comments. Includes and `insteadOf` rewrites are not followed: this is a first answer, which the Git
 * extension's replaces once it has read the repository.
 */
export function parseGitConfigRemotes(text: string): ConfigRemote[] {
  const remotes = new Map<string, ConfigRemote>();
  let current: ConfigRemote | undefined;
  for (const raw of text.split(/\r?\n/)) {
    let line = raw.trim();
    if (!line || line.startsWith('#') || line.startsWith(';')) continue;
    if (line.startsWith('[')) {
      const m = SECTION.exec(line);
      const section = m?.[1].toLowerCase();
      let name: string | undefined;
      if (section === 'remote' && m?.[2] !== undefined) name = m[2].replace(/\\(.)/g, '$1');
      else if (section?.startsWith('remote.')) name = m![1].slice('remote.'.length);
      current = name ? (remotes.get(name) ?? { name }) : undefined;
      if (current) remotes.set(current.name, current);
      line = m ? line.slice(m[0].length).trim() : '';
      if (!line) continue;
    }
    const entry = current && ENTRY.exec(line);
    if (!current || !entry) continue;
    const key = entry[1].toLowerCase();
    const value = configValue(entry[2] ?? '');
    if (key === 'url' && current.fetchUrl === undefined) current.fetchUrl = value;
    if (key === 'pushurl' && current.pushUrl === undefined) current.pushUrl = value;
  }
  return [...remotes.values()].filter(r => r.fetchUrl !== undefined || r.pushUrl !== undefined);
}

/** A config value: quotes removed, `\"`, `\\`, `\t`, `\n` unescaped, a comment outside quotes cut off. */
function configValue(raw: string): string {
  let out = '';
  let quoted = false;
  for (let i = 0; i < raw.length; i++) {
    const c = raw[i];
    if (c === '\\' && i + 1 < raw.length) {
      const n = raw[++i];
      out += n === 't' ? '\t' : n === 'n' ? '\n' : n === 'b' ? '\b' : n;
    } else if (c === '"') {
      quoted = !quoted;
    } else if ((c === '#' || c === ';') && !quoted) {
      break;
    } else {
      out += c;
    }
  }
  return out.trim();
}
