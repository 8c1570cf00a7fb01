import { failureFacts } from '../api';
import { explainFailure } from '../explain';
import { isCommandOptions, promptFrom, type CommandOptions } from '../prompt';
import { ensureToken, finish, tell, withNotice, type Feature, type Outcome } from './shared';

const FORGET = 'Remove Stored Token';

/**
 * B2 "Revoke Installation Token": after a confirmation, revokes the stored installation token, then deletes it
 * from secret storage, since it can never work again, and says that a new one must be created.
 */
export async function revokeToken(f: Feature, arg?: unknown, options?: CommandOptions): Promise<Outcome> {
  if (isCommandOptions(arg)) options = arg;
  const ui = promptFrom(options);
  if (!(await ensureToken(f, ui, 'revokeToken'))) return finish(f, { done: false, reason: 'no-token' });
  const sure = await ui.confirm(
    'Revoke the installation token?',
    'The token stops working at once, everywhere it is used. To list the installation\'s repositories again, the app ' +
      'must create a new installation token.',
    'Revoke');
  if (!sure) return finish(f, { done: false, reason: 'cancelled' });

  try {
    const api = await f.access.client('installation');
    await withNotice('Revoking the installation token…', () => api.revokeInstallationToken());
  } catch (e) {
    const facts = failureFacts(e);
    const explained = facts ? explainFailure('revokeToken', facts) : { message: e instanceof Error ? e.message : String(e) };
    f.log.info(`revoke installation token: refused (${facts ? facts.status : 'no answer'})`);
    // A token the service no longer accepts is useless, but deleting it stays the user's choice.
    tell(f, ui, 'error', explained, facts?.status === 401 ? [FORGET] : [], choice => {
      if (choice === FORGET) void f.access.forget('installation');
    });
    return finish(f, { done: false, reason: 'refused', message: explained.message, ...(facts ? { status: facts.status } : {}) });
  }
  f.log.info('revoke installation token: done; deleting it from secret storage');
  await f.access.forget('installation');
  f.model.reset('token');
  const message = 'The installation token was revoked and removed from this editor. It cannot be used again: ' +
    'to see the installation\'s repositories, create a new installation token for the app and set it.';
  tell(f, ui, 'info', { message, tokenKind: 'installation' });
  return finish(f, { done: true, message });
}
