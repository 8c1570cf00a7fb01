// The one way an address from the service is opened: checked first (https, or http on this machine for a service
// on it), and a refusal says so with the address as text. `file:`, `command:`, `vscode:` or `javascript:` would act
// on this machine rather than show a page.
import { checkOpenable } from './safety/safeLink';
import { tell, type Ui } from './ui';

/** Opens `address` when it may be opened; otherwise says why and opens nothing. True when it was handed on. */
export async function openAddress(ui: Ui, address: unknown, serviceUrl: string): Promise<boolean> {
  const check = checkOpenable(address, serviceUrl);
  if (!check.ok) {
    tell(ui, 'warning', check.reason);
    return false;
  }
  return ui.open(check.url);
}
