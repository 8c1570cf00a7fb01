// The words for the parts of the way that only the Node host's HTTP stack tells apart (netFault.ts reads them from
// its error codes): the proxy, the certificate, the name. The browser's fetch says none of them (a refusal there is
// `browser_blocked`, network.ts), so this module is not part of the browser's build. Pure.
import type { NetworkFault } from '../api/netFault';
import { forMessage } from '../safety/serviceText';
import type { UserError } from './explained';
import * as l10n from '@vscode/l10n';

/** What the user is told about `fault`; `proxy` and `at` are the words naming the proxy and the address. */
export function explainHostFault(fault: NetworkFault, proxy: string, at: string): UserError | undefined {
  switch (fault.part) {
    case 'proxy_login':
      return {
        text: l10n.t(
          'The proxy{0} wants a login (407 Proxy Authentication Required) and did not let the request to the service{1} through. Give the user name and password in the setting "http.proxy" (http://user:password@host:port) or the login in "http.proxyAuthorization".',
          proxy,
          at,
        ),
        remedy: 'networkSettings',
        setting: 'http.proxy',
      };
    case 'proxy_refused':
      return {
        text: l10n.t(
          'The proxy{0} refused to connect to the service{1} (it answered {2}). Check that the proxy may reach that address, or list the address in the setting "http.noProxy" if it needs no proxy.',
          proxy,
          at,
          fault.proxyStatus ?? '?',
        ),
        remedy: 'networkSettings',
        setting: 'http.noProxy',
      };
    case 'proxy_unreachable':
      return {
        text: l10n.t(
          'The proxy{0} cannot be reached ({1}), so the service{2} was not asked. Check the proxy in the setting "http.proxy" or in the HTTPS_PROXY environment variable.',
          proxy,
          fault.code ?? '?',
          at,
        ),
        remedy: 'networkSettings',
        setting: 'http.proxy',
      };
    case 'certificate': {
      const why = forMessage(fault.reason ?? fault.code ?? '', 200);
      const text = fault.issuer
        ? l10n.t(
            'The certificate presented for the service{0} is not trusted here ({1}); it was issued by “{2}”. If your network inspects TLS, add that root certificate to the system’s certificate store (VS Code uses it while "http.systemCertificates" is on) or to the file NODE_EXTRA_CA_CERTS names, then restart VS Code.',
            at,
            why,
            forMessage(fault.issuer, 200),
          )
        : l10n.t(
            'The certificate presented for the service{0} is not trusted here ({1}). If your network inspects TLS, add its root certificate to the system’s certificate store (VS Code uses it while "http.systemCertificates" is on) or to the file NODE_EXTRA_CA_CERTS names, then restart VS Code.',
            at,
            why,
          );
      return { text, remedy: 'networkSettings', setting: 'http.systemCertificates' };
    }
    case 'name':
      return {
        text: l10n.t(
          'The name {0} does not resolve on this machine, so the service cannot be reached. If your network reaches it through a proxy, set the proxy in the setting "http.proxy".',
          forMessage(fault.host ?? '?', 200),
        ),
        remedy: 'networkSettings',
        setting: 'http.proxy',
      };
    default:
      return undefined;
  }
}
