import { failureFacts, type InstallationsApi } from '../api';
import { explainFailure } from '../explain';
import type { Prompt } from '../prompt';
import { finish, tell, withNotice, type Feature, type Outcome } from './shared';

export interface Change {
  op: 'addRepository' | 'removeRepository';
  installationId: number;
  repositoryId: number;
  instName: string;
  repoName: string;
  /** The installation's selection as the view last saw it, to tell the two 422 rules apart. */
  selection?: string;
}

/**
 * Sends one change, once (a change is never retried). On success the view refetches the installation, which
 * the API's conditional requests make cheap; on refusal the view is left as it was and the user is told why.
 */
export async function applyChange(f: Feature, ui: Prompt, c: Change): Promise<Outcome> {
  const adding = c.op === 'addRepository';
  const what = `${adding ? 'add' : 'remove'} repository ${c.repositoryId} ${adding ? 'to' : 'from'} installation ${c.installationId}`;
  try {
    const api: InstallationsApi = await f.access.client('classic');
    const params = { installation_id: c.installationId, repository_id: c.repositoryId };
    await withNotice(adding ? `Adding ${c.repoName} to ${c.instName}…` : `Removing ${c.repoName} from ${c.instName}…`,
      () => (adding ? api.addRepoToInstallation(params) : api.removeRepoFromInstallation(params)));
  } catch (e) {
    const facts = failureFacts(e);
    const explained = facts
      ? explainFailure(c.op, facts, { installation: c.instName, repository: c.repoName, selection: c.selection })
      : { message: e instanceof Error ? e.message : String(e) };
    f.log.info(`${what}: refused (${facts ? facts.status : 'no answer'})`);
    tell(f, ui, 'error', explained);
    return finish(f, { done: false, reason: 'refused', message: explained.message, ...(facts ? { status: facts.status } : {}) });
  }
  f.log.info(`${what}: done`);
  await Promise.all([f.model.refreshRepositories(c.installationId), f.model.refreshInstallations()]);
  tell(f, ui, 'info', { message: adding ? `Added ${c.repoName} to ${c.instName}.` : `Removed ${c.repoName} from ${c.instName}.` });
  return finish(f, { done: true });
}
