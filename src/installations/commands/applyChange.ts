import { forMessage } from '../../safety/serviceText';
import { repoNameShown } from '../../model/repoNames';
import { tell } from '../../ui';
import { refused, withNotice, type CommandEnv, type Outcome } from './shared';
import * as l10n from '@vscode/l10n';

export interface RepositoryChange {
  op: 'addRepository' | 'removeRepository';
  installationId: number;
  repositoryId: number;
  instName: string;
  repoName: string;
  /** The name to say once the lists are read again, when only the repository's ID was known before the change. */
  nameAfter?: () => string | undefined;
  /** The installation's selection as the view last saw it, to tell the two 422 rules apart. */
  selection?: string;
}

/**
 * Sends one change, once (a change is never retried). On success the view refetches the installation, which
 * the API's conditional requests make cheap; on refusal the view is left as it was and the user is told why.
 */
export async function applyChange(env: CommandEnv, c: RepositoryChange): Promise<Outcome> {
  const adding = c.op === 'addRepository';
  const what = adding
    ? `add repository ${c.repositoryId} to installation ${c.installationId}`
    : `remove repository ${c.repositoryId} from installation ${c.installationId}`;
  try {
    const api = await env.client('classic');
    const params = { installation_id: c.installationId, repository_id: c.repositoryId };
    await withNotice(
      adding
        ? l10n.t('Adding {0} to {1}…', c.repoName, c.instName)
        : l10n.t('Removing {0} from {1}…', c.repoName, c.instName),
      () => (adding ? api.addRepoToInstallation(params) : api.removeRepoFromInstallation(params)),
    );
  } catch (e) {
    const subject = { installation: c.instName, repository: c.repoName, selection: c.selection };
    return refused(env.fail(e, { context: { op: c.op, subject } }));
  }
  env.log.info(`${what}: done`);
  await Promise.all([env.model.refreshRepositories(c.installationId), env.model.refreshInstallations()]);
  const named = c.nameAfter?.();
  const repoName = named ? forMessage(repoNameShown(named, c.repositoryId).label) : c.repoName;
  tell(
    env.ui,
    'info',
    adding ? l10n.t('Added {0} to {1}.', repoName, c.instName) : l10n.t('Removed {0} from {1}.', repoName, c.instName),
  );
  return { done: true };
}
