import { canRemove, installationLabel } from '../policy';
import { isCommandOptions, promptFrom, type CommandOptions } from '../prompt';
import { applyChange } from './applyChange';
import { ensureToken, finish, knownInstallations, pickInstallation, targetOf, tell, type Feature, type Outcome } from './shared';

/**
 * B6 "Remove Repository", on a repository node, from the palette (asks which), or with
 * `{ installationId, repositoryId }`. Asks for confirmation; refuses locally what the service would certainly refuse.
 */
export async function removeRepository(f: Feature, arg?: unknown, options?: CommandOptions): Promise<Outcome> {
  if (isCommandOptions(arg)) [arg, options] = [undefined, arg];
  const ui = promptFrom(options);
  let { installationId, repositoryId } = targetOf(arg);
  if (!(await ensureToken(f, ui, 'removeRepository'))) return finish(f, { done: false, reason: 'no-token' });

  if (installationId === undefined) {
    const picked = await pickInstallation(f, ui, 'Remove a repository from which installation?', i => i.repository_selection !== 'all');
    if (!picked) return finish(f, { done: false, reason: 'cancelled' });
    installationId = picked.id;
  }

  const inst = (await knownInstallations(f)).find(i => i.id === installationId);
  const slot = f.model.repositoriesOf(installationId);
  if (!slot.value && inst) await f.model.refreshRepositories(installationId);
  const siblings = slot.value;

  if (repositoryId === undefined) {
    const items = (siblings ?? []).map(r => ({ label: r.full_name, description: r.permissions?.admin ? '' : 'not admin', repository: r }));
    const from = inst ? installationLabel(inst) : `installation ${installationId}`;
    if (!items.length) {
      const message = slot.problem?.message ?? `${from} has no repository you can see.`;
      tell(f, ui, 'info', { message });
      return finish(f, { done: false, reason: 'cancelled', message });
    }
    const picked = await ui.pick(items, { title: `Remove a repository from ${from}`, placeHolder: 'Repository' });
    if (!picked) return finish(f, { done: false, reason: 'cancelled' });
    repositoryId = picked.repository.id;
  }

  const repo = siblings?.find(r => r.id === repositoryId);
  const instName = inst ? installationLabel(inst) : `installation ${installationId}`;
  const repoName = repo?.full_name ?? `repository ${repositoryId}`;
  const verdict = inst ? canRemove(inst, repo, siblings ?? []) : undefined;
  if (verdict && !verdict.allowed) {
    tell(f, ui, 'warning', { message: verdict.message });
    f.log.info(`remove repository ${repositoryId} from installation ${installationId}: not sent (${verdict.reason})`);
    return finish(f, { done: false, reason: 'blocked', message: verdict.message });
  }

  const sure = await ui.confirm(
    `Remove ${repoName} from ${instName}?`,
    `The app will no longer reach ${repoName}. You can add it again later with Add Repository…`,
    'Remove');
  if (!sure) return finish(f, { done: false, reason: 'cancelled' });

  return applyChange(f, ui, { op: 'removeRepository', installationId, repositoryId, instName, repoName, selection: inst?.repository_selection });
}
