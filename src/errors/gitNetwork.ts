// A fetch or push of the user's git that failed on the way (its proxy, a certificate, a name), said as git's and
// with git's own settings: git does not take VS Code's proxy or certificates, it takes `http.proxy`,
// `http.sslCAInfo` (and HTTPS_PROXY) from the user's git configuration. Read from what git (libcurl) wrote. Pure.
import * as l10n from '@vscode/l10n';

export interface GitNetworkProblem {
  part: 'proxy_login' | 'proxy_refused' | 'proxy_unreachable' | 'certificate' | 'name';
  /** What failed, in a few words (for a row). */
  why: string;
  /** What to set (git's own settings), as a sentence. */
  todo: string;
}

/** libcurl's and git's words for a certificate it does not trust (OpenSSL and GnuTLS builds). */
const CERTIFICATE = [
  /SSL certificate problem/i,
  /server certificate verification failed/i,
  /certificate verify failed/i,
  /unable to get local issuer certificate/i,
  /self[- ]signed certificate/i,
];

/** What git's words say failed on the way, or undefined when they say something else (a refusal, a missing ref…). */
export function gitNetworkProblem(stderr: string): GitNetworkProblem | undefined {
  const proxyStatus =
    /Received HTTP code (\d{3}) from proxy after CONNECT|CONNECT tunnel failed, response (\d{3})/i.exec(stderr);
  const status = proxyStatus ? Number(proxyStatus[1] ?? proxyStatus[2]) : undefined;
  if (status === 407 || /Proxy-Authenticate|proxy authentication required/i.test(stderr))
    return {
      part: 'proxy_login',
      why: l10n.t("git's proxy wants a login (407)"),
      todo: l10n.t(
        "git uses its own proxy settings, not VS Code's: give the login in git's http.proxy (git config --global http.proxy http://user:password@host:port), or in a credential helper.",
      ),
    };
  if (status !== undefined)
    return {
      part: 'proxy_refused',
      why: l10n.t("git's proxy refused the connection ({0})", status),
      todo: l10n.t(
        "git uses its own proxy settings, not VS Code's: check git's http.proxy and http.noProxy (git config --global --get http.proxy), or HTTPS_PROXY and NO_PROXY.",
      ),
    };
  const proxyName = /Could not resolve proxy:?\s*([^\s;]+)/i.exec(stderr)?.[1];
  const failedAt = /Failed to connect to (\S+) port (\d+)/i.exec(stderr);
  // libcurl names where it could not connect; when that is not the remote's host and port, it was the proxy.
  const proxyDown = failedAt !== null && !sameEndpoint(failedAt[1], failedAt[2], remoteOf(stderr));
  if (proxyName || proxyDown)
    return {
      part: 'proxy_unreachable',
      why: l10n.t("git's proxy {0} cannot be reached", proxyName ?? `${failedAt?.[1] ?? '?'}:${failedAt?.[2] ?? '?'}`),
      todo: l10n.t(
        "git uses its own proxy settings, not VS Code's: check git's http.proxy (git config --global --get http.proxy), or HTTPS_PROXY.",
      ),
    };
  if (CERTIFICATE.some(r => r.test(stderr)))
    return {
      part: 'certificate',
      why: l10n.t('git does not trust the certificate of the remote'),
      todo: l10n.t(
        "git uses its own certificate settings, not VS Code's: add the root certificate to the file git's http.sslCAInfo names (git config --global http.sslCAInfo /path/to/roots.pem), or to the system's store git reads.",
      ),
    };
  const host = /Could not resolve host:?\s*([^\s;]+)/i.exec(stderr)?.[1];
  if (host)
    return {
      part: 'name',
      why: l10n.t('git could not resolve the name {0}', host),
      todo: l10n.t(
        "If your network reaches it through a proxy, git needs its own: git config --global http.proxy http://host:port (git does not use VS Code's http.proxy).",
      ),
    };
  return undefined;
}

/** The address git could not reach, from "unable to access 'URL'". */
function remoteOf(stderr: string): URL | undefined {
  const m = /unable to access '([^']+)'/.exec(stderr);
  try {
    return m ? new URL(m[1]) : undefined;
  } catch {
    return undefined;
  }
}

function sameEndpoint(host: string, port: string, remote: URL | undefined): boolean {
  if (!remote) return true;
  const remotePort = remote.port || (remote.protocol === 'https:' ? '443' : '80');
  return remote.hostname.replace(/^\[|\]$/g, '').toLowerCase() === host.toLowerCase() && remotePort === port;
}
