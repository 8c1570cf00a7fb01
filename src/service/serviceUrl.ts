// Checking a service address typed by the user. Pure: no `vscode`.
import { isLoopbackHost } from '../model/remotes';
import * as l10n from '@vscode/l10n';

/** Checks a service address: http(s), and plain http only on loopback, since tokens travel with every request. */
export function validateServiceUrl(value: string): string | undefined {
  const v = value.trim();
  if (!v) return undefined;
  let u: URL;
  try {
    u = new URL(v);
  } catch {
    return l10n.t('Enter a full address such as https://api.example.com');
  }
  if (u.protocol !== 'https:' && u.protocol !== 'http:') return l10n.t('The address must start with https://');
  if (u.protocol === 'http:' && !isLoopbackHost(u.hostname))
    return l10n.t('Tokens are sent only over https (plain http is allowed on this machine only).');
  if (u.username || u.password) return l10n.t('Do not put credentials in the address; use Set Token… instead.');
  if (u.search || u.hash) return l10n.t('The address takes no query or fragment.');
  return undefined;
}
