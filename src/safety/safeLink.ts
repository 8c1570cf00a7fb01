// Which addresses from the service may be opened (in the browser, through the editor): only web pages over
// https, and over plain http only on this machine when the service itself runs here (the sandbox). `file:`,
// `vscode:`, `command:`, `javascript:` and every other scheme would act on this machine, not show a page.
import { isLoopbackHost } from '../api/guard';
import { forMessage } from './serviceText';
import * as l10n from '@vscode/l10n';

export type Openable = { ok: true; url: string } | { ok: false; reason: string };

function refuse(address: string, why: string): Openable {
  return { ok: false, reason: l10n.t('Not opened: “{0}” {1}.', forMessage(address, 200), why) };
}

function serviceIsLocal(serviceUrl: string): boolean {
  try {
    return isLoopbackHost(new URL(serviceUrl).hostname);
  } catch {
    return false;
  }
}

/**
 * Whether `address` may be opened, for a service at `serviceUrl`. A refusal's reason shows the address as text
 * (never as a link) and is ready for a notification.
 */
export function checkOpenable(address: unknown, serviceUrl: string): Openable {
  if (typeof address !== 'string' || address.trim() === '')
    return { ok: false, reason: l10n.t('Not opened: the service gave no address.') };
  let url: URL;
  try {
    url = new URL(address.trim());
  } catch {
    return refuse(address, l10n.t('is not a web address'));
  }
  // `https://trusted.example@elsewhere.example/` reads as one host and goes to the other.
  if (url.username || url.password) return refuse(address, l10n.t('carries a user name or password'));
  if (url.protocol === 'https:') return { ok: true, url: url.href };
  if (url.protocol === 'http:') {
    if (isLoopbackHost(url.hostname) && serviceIsLocal(serviceUrl)) return { ok: true, url: url.href };
    return refuse(
      address,
      l10n.t('is not an https address (plain http is opened only on this machine, for a service on it)'),
    );
  }
  return refuse(address, l10n.t('is not an https address'));
}
