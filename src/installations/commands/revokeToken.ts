import { statusOf } from '../../errors/failure';
import { tell } from '../../ui';
import { wayOut } from '../../shared/registry';
import { ensureToken, refused, withNotice, type CommandEnv, type Outcome } from './shared';
import * as l10n from '@vscode/l10n';

const FORGET = l10n.t('Remove Stored Token');

/**
 * "Revoke Installation Token": after a confirmation, revokes the stored installation token, then deletes it
 * from secret storage, since it can never work again, and says that a new one must be created.
 */
export async function revokeToken(env: CommandEnv): Promise<Outcome> {
  if (!(await ensureToken(env, 'revokeToken'))) return { done: false, reason: 'no-token' };
  const sure = await env.ui.confirm(
    l10n.t('Revoke the installation token?'),
    l10n.t(
      "The token stops working at once, everywhere it is used. To list the installation's repositories again, the app must create a new installation token.",
    ),
    l10n.t('Revoke'),
  );
  if (!sure) return { done: false, reason: 'cancelled' };

  try {
    const api = await env.client('installation');
    await withNotice(l10n.t('Revoking the installation token…'), () => api.revokeInstallationToken());
  } catch (e) {
    // A token the service no longer accepts is useless, but deleting it stays the user's choice.
    const forget = statusOf(e) === 401 ? [{ title: FORGET, run: () => env.forget('installation') }] : [];
    return refused(env.fail(e, { context: { op: 'revokeToken' }, actions: forget }));
  }
  env.log.info('revoke installation token: done; deleting it from secret storage');
  await env.forget('installation');
  env.model.reset('token');
  const message = env.inSandbox?.()
    ? l10n.t(
        "The installation token was revoked and removed from this editor. It cannot be used again: to see the installation's repositories, create a new installation token for the app and set it. In the built-in sandbox, Reset Sandbox brings the demo installation token back (with the demo world).",
      )
    : l10n.t(
        "The installation token was revoked and removed from this editor. It cannot be used again: to see the installation's repositories, create a new installation token for the app and set it.",
      );
  tell(env.ui, 'info', message, wayOut({ text: message, remedy: 'setToken', tokenKind: 'installation' }));
  return { done: true, message };
}
