// A request that got no answer, said by the part of the way that failed (the proxy, the certificate, the name, the
// service's address) with the setting that changes it. The same words in the status bar, the views, commands and
// Set Service Address…. The proxy is named by host and port only: never its credentials. Pure.
import type { NetworkFault } from '../api/netFault';
import { forMessage } from '../safety/serviceText';
import type { UserError } from './explained';
import * as l10n from '@vscode/l10n';
import { explainHostFault } from './networkHost';

/** What the user is told about `fault`, or undefined for a plain unreachable address (the usual words fit it). */
export function explainNetwork(fault: NetworkFault | undefined, address: string | undefined): UserError | undefined {
  if (!fault) return undefined;
  const proxy = fault.proxy ? ` ${forMessage(fault.proxy, 200)}` : '';
  const at = address ? ` ${l10n.t('at {0}', forMessage(address, 200))}` : '';
  switch (fault.part) {
    case 'browser_blocked':
      return {
        text: fault.origin
          ? l10n.t(
              'The service{0} gave this editor no answer the browser lets it read. An editor in the browser reaches a service only if the service allows its origin, {1} (CORS): ask for that origin to be allowed (the sandbox: --allow-origin {1}), and check that the address is right and reachable from this browser.',
              at,
              forMessage(fault.origin, 200),
            )
          : l10n.t(
              "The service{0} gave this editor no answer the browser lets it read. An editor in the browser reaches a service only if the service allows the editor's origin (CORS): ask for it to be allowed, and check that the address is right and reachable from this browser.",
              at,
            ),
        remedy: 'configureService',
      };
    case 'proxy_login':
    case 'proxy_refused':
    case 'proxy_unreachable':
    case 'certificate':
    case 'name':
      // The parts only the Node host's HTTP stack tells apart (netFault.ts reads them from its error codes).
      return explainHostFault(fault, proxy, at);
    default:
      return undefined;
  }
}
