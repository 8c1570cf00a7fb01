import { explainSlotProblem } from '../model';
import { canRemove, installationLabel } from '../policy';
import { tell } from '../../ui';
import { forMessage, forQuickPick } from '../../safety/serviceText';
import { applyChange } from './applyChange';
import { nameOfId } from './repoByName';
import { ensureToken, knownInstallations, pickInstallation, targetOf, type CommandEnv, type Outcome } from './shared';
import * as l10n from '@vscode/l10n';

/**
 * "Remove Repository", on a repository node, from the palette (asks which), or with
 * `{ installationId, repositoryId }`. Asks for confirmation; refuses locally what the service would certainly refuse.
 */
export async function removeRepository(env: CommandEnv, arg?: unknown): Promise<Outcome> {
  let { installationId, repositoryId } = targetOf(arg);
  if (!(await ensureToken(env, 'removeRepository'))) return { done: false, reason: 'no-token' };

  if (installationId === undefined) {
    const picked = await pickInstallation(
      env,
      l10n.t('Remove a repository from which installation?'),
      i => i.repository_selection !== 'all',
    );
    if (!picked) return { done: false, reason: 'cancelled' };
    installationId = picked.id;
  }

  const inst = (await knownInstallations(env)).find(i => i.id === installationId);
  const slot = env.model.repositoriesOf(installationId);
  if (!slot.value && inst) await env.model.refreshRepositories(installationId);
  const siblings = slot.value;

  if (repositoryId === undefined) {
    const items = (siblings ?? []).map(r => ({
      label: forQuickPick(r.full_name),
      description: r.permissions?.admin ? '' : l10n.t('not admin'),
      repository: r,
    }));
    const from = inst ? installationLabel(inst) : `installation ${installationId}`;
    if (!items.length) {
      const message = slot.problem
        ? explainSlotProblem(slot.problem).text
        : l10n.t('{0} has no repository you can see.', from);
      tell(env.ui, 'info', message);
      return { done: false, reason: 'cancelled', message };
    }
    const picked = await env.ui.pick(items, {
      title: l10n.t('Remove a repository from {0}', from),
      placeHolder: l10n.t('Repository'),
    });
    if (!picked) return { done: false, reason: 'cancelled' };
    repositoryId = picked.repository.id;
  }

  const repo = siblings?.find(r => r.id === repositoryId);
  const instName = inst ? installationLabel(inst) : `installation ${installationId}`;
  const repoName = forMessage(nameOfId(env, repositoryId, repo));
  const verdict = inst ? canRemove(inst, repo, siblings ?? []) : undefined;
  if (verdict && !verdict.allowed) {
    tell(env.ui, 'warning', verdict.message);
    env.log.info(`remove repository ${repositoryId} from installation ${installationId}: not sent (${verdict.reason})`);
    return { done: false, reason: 'blocked', message: verdict.message };
  }

  const sure = await env.ui.confirm(
    l10n.t('Remove {0} from {1}?', repoName, instName),
    l10n.t('The app will no longer reach {0}. You can add it again later with Add Repository…', repoName),
    l10n.t('Remove'),
  );
  if (!sure) return { done: false, reason: 'cancelled' };

  return applyChange(env, {
    op: 'removeRepository',
    installationId,
    repositoryId,
    instName,
    repoName,
    selection: inst?.repository_selection,
  });
}
