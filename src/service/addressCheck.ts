// Trying a service address once it is set, and asking a loopback address whether it is a sandbox. No `vscode`.
import type { ApiClient } from '../api';
import { readFailure } from '../errors/failure';
import { explainNetwork } from '../errors/network';
import { networkDetail } from '../errors/userErrors';
import { forMessage } from '../safety/serviceText';
import * as l10n from '@vscode/l10n';

/** What trying an address found, said to the user: reachable, refused with a status, or no answer. */
export interface AddressFinding {
  kind: 'reachable' | 'refused' | 'unreachable';
  level: 'info' | 'warning';
  text: string;
}

/**
 * One request without a token, to the user's task list: the service answers it 401 ("authentication required"),
 * which says that the address is the service's; a token is not sent to an address the user has only just typed.
 */
export async function checkAddress(
  address: string,
  probe: (read: (client: ApiClient) => Promise<unknown>) => Promise<unknown>,
  /** A fine-grained token is kept for this address already (tokens are kept per address): nothing to ask then. */
  hasToken = false,
): Promise<AddressFinding> {
  const shown = forMessage(address, 200);
  try {
    await probe(c => c.listTasks({ per_page: 1 }));
    return { kind: 'reachable', level: 'info', text: l10n.t('{0} is reachable and answers as the service.', shown) };
  } catch (err) {
    const f = readFailure(err);
    if (f?.status === 401)
      return {
        kind: 'reachable',
        level: 'info',
        text: l10n.t(
          '{0} is reachable and answers as the service{1}',
          shown,
          hasToken ? '.' : '; set a token for it to sign in.',
        ),
      };
    if (f && f.status > 0) {
      const hint =
        f.status === 404
          ? l10n.t(' Is this the API address? An enterprise address usually ends in /api/v3.')
          : f.status === 403
            ? l10n.t(' It may be behind a proxy, or limit who may call it.')
            : '';
      return {
        kind: 'refused',
        level: 'warning',
        text: l10n.t('{0} is reachable, but refused the request with status {1}.{2}', shown, f.status, hint),
      };
    }
    // The part of the way that failed (proxy, certificate, name), with the setting that changes it.
    const network = f?.status === 0 ? explainNetwork(f.network, undefined) : undefined;
    if (network)
      return {
        kind: 'unreachable',
        level: 'warning',
        text: l10n.t('{0} is not reachable. {1} The address is kept.', shown, network.text),
      };
    const why = f ? networkDetail(f) : err instanceof Error ? err.message : String(err);
    return {
      kind: 'unreachable',
      level: 'warning',
      text: l10n.t(
        '{0} is not reachable: {1}. The address is kept; check it and your connection.',
        shown,
        forMessage(why, 200),
      ),
    };
  }
}

/**
 * Whether a loopback address is a sandbox of this project (the one `npm start` or `npm run sandbox` runs): only
 * then are its demo tokens offered. It says so on its statistics endpoint, which no real service has.
 */
export async function answersAsSandbox(address: string, timeoutMs = 3000): Promise<boolean> {
  try {
    const res = await fetch(`${address.replace(/\/+$/, '')}/_sandbox/stats`, {
      signal: AbortSignal.timeout(timeoutMs),
      redirect: 'error',
    });
    if (res.status !== 200) return false;
    const body = (await res.json()) as { total?: unknown; by_route?: unknown };
    return typeof body.total === 'number' && typeof body.by_route === 'object' && body.by_route !== null;
  } catch {
    return false;
  }
}
