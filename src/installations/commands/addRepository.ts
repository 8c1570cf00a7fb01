import * as vscode from 'vscode';
import type { Installation, Repository } from '../../api';
import { candidatesFor, type Candidate, type ReachableSet } from '../candidates';
import { repoNameShown } from '../../model/repoNames';
import { canAdd, installationLabel, permissionsLabel, type Verdict } from '../policy';
import { tell } from '../../ui';
import { forMessage, forQuickPick } from '../../safety/serviceText';
import { applyChange } from './applyChange';
import { INPUT_HINT, inputProblem, nameOfId, parseRepoInput, resolveName } from './repoByName';
import {
  ensureTokenOrSet,
  knownInstallations,
  pickInstallation,
  targetOf,
  withNotice,
  type CommandEnv,
  type InstallationsEnv,
  type Outcome,
} from './shared';

// Where the candidates come from, said in the picker: the service offers no list of all the user's repositories.
const SOURCE_NOTE = vscode.l10n.t(
  "From this workspace, your tasks and your installations' lists (the service has no list of all your repositories)",
);

/** A repository's name as a row shows it: with its ID beside a name that mixes scripts. */
const shownName = (r: Pick<Repository, 'id' | 'full_name'>): string => repoNameShown(r.full_name, r.id).label;

/**
 * "Add Repository…", on an installation node, from the palette (asks which), or with
 * `{ installationId, repositoryId }`. Offers the user's repositories not yet in the installation; only those
 * the user administers can be chosen, the rest say why not.
 */
export async function addRepository(env: CommandEnv, arg?: unknown): Promise<Outcome> {
  const target = targetOf(arg);
  // Offered right here, and the add goes on once the classic token is set.
  if (!(await ensureTokenOrSet(env, 'addRepository'))) return { done: false, reason: 'no-token' };

  let inst =
    target.installationId === undefined
      ? undefined
      : (await knownInstallations(env)).find(i => i.id === target.installationId);
  if (target.installationId === undefined) {
    inst = await pickInstallation(
      env,
      vscode.l10n.t('Add a repository to which installation?'),
      i => i.repository_selection !== 'all',
    );
    if (!inst) return { done: false, reason: 'cancelled' };
  }
  const installationId = inst?.id ?? target.installationId!;
  const instName = inst ? installationLabel(inst) : `installation ${installationId}`;

  if (inst?.repository_selection === 'all') {
    const owner = forMessage(inst.account.login);
    const message = vscode.l10n.t(
      '{0} already covers all repositories of {1}; there is nothing to add.',
      instName,
      owner,
    );
    tell(env.ui, 'info', message);
    return { done: false, reason: 'blocked', message };
  }

  let repo: Repository | undefined;
  let repositoryId = target.repositoryId;
  let verdict: Verdict = { allowed: true };
  let repoName: string | undefined;
  if (repositoryId === undefined) {
    if (!inst)
      return {
        done: false,
        reason: 'unknown-target',
        message: vscode.l10n.t('Installation {0} is not among your installations.', installationId),
      };
    const candidates = await gatherCandidates(env, inst);
    const items = pickItems(env, inst, candidates);
    // Short enough to show whole at the picker's width.
    const placeHolder = items.some(i => i.target)
      ? SOURCE_NOTE
      : vscode.l10n.t('No list shows one yet: choose “Enter a name or ID…” below');
    const picked = await env.ui.pick(items, { title: vscode.l10n.t('Add a repository to {0}', instName), placeHolder });
    if (!picked) return { done: false, reason: 'cancelled' };
    let chosen = picked.target;
    if (!chosen) {
      const typed = await env.ui.input({
        title: vscode.l10n.t('Add a repository to {0}', instName),
        prompt: vscode.l10n.t(
          'A repository of {0} that you administer: {1}',
          forMessage(inst.account.login),
          INPUT_HINT,
        ),
        validate: inputProblem,
      });
      const parsed = typed === undefined ? undefined : parseRepoInput(typed);
      if (!parsed) return { done: false, reason: 'cancelled' };
      chosen = 'id' in parsed ? { id: parsed.id } : { fullName: parsed.fullName, owner: parsed.owner };
    }
    if (chosen.id === undefined) {
      const fullName = chosen.fullName ?? '';
      const [owner, name] = fullName.split('/');
      const found = await withNotice(vscode.l10n.t('Looking up {0}…', forMessage(fullName)), () =>
        resolveName(env, { fullName, owner, name }),
      );
      if ('problem' in found) {
        tell(env.ui, 'warning', found.problem);
        return { done: false, reason: 'unknown-target', message: found.problem };
      }
      chosen = { ...chosen, id: found.id, repository: chosen.repository ?? found.repository };
      repoName = forMessage(repoNameShown(found.name, found.id).label);
    }
    repositoryId = chosen.id!;
    repo = chosen.repository ?? knownRepository(env, repositoryId);
    const owner = chosen.owner ?? repo?.owner?.login ?? env.names?.name(repositoryId)?.split('/')[0];
    verdict = chosen.verdict ?? judge(inst, repo, owner, env.model.repositoriesOf(installationId).value ?? []);
  } else if (inst) {
    // Named by id: judge it with whatever the view already knows of that repository.
    repo = knownRepository(env, repositoryId);
    if (repo) verdict = canAdd(inst, repo, env.model.repositoriesOf(installationId).value ?? []);
  }

  // Typed as an ID that nothing named yet: the installation's list, read again after the add, names it.
  const nameAfter = repoName || repo || env.names?.name(repositoryId) ? undefined : () => env.names?.name(repositoryId);
  repoName ??= forMessage(nameOfId(env, repositoryId, repo));
  if (!verdict.allowed) {
    tell(env.ui, 'warning', verdict.message);
    env.log.info(`add repository ${repositoryId} to installation ${installationId}: not sent (${verdict.reason})`);
    return { done: false, reason: 'blocked', message: verdict.message };
  }
  return applyChange(env, { op: 'addRepository', installationId, repositoryId, instName, repoName, nameAfter });
}

/** A choice of the picker: a repository with its ID, or one known only by name (looked up once chosen). */
interface Target {
  id?: number;
  fullName?: string;
  owner?: string;
  repository?: Repository;
  verdict?: Verdict;
}

/** Without a record (only an ID or a name), the one thing to judge here is the account; the service judges the rest. */
function judge(inst: Installation, repo: Repository | undefined, owner: string | undefined, current: Repository[]) {
  if (repo) return canAdd(inst, repo, current);
  if (owner && owner.toLowerCase() !== inst.account.login.toLowerCase()) {
    const message = vscode.l10n.t(
      'That repository belongs to {0}, but {1} is installed on {2}.',
      forMessage(owner),
      installationLabel(inst),
      forMessage(inst.account.login),
    );
    return { allowed: false, reason: 'other-account', message } as Verdict;
  }
  return { allowed: true } as Verdict;
}

interface PickItem extends vscode.QuickPickItem {
  /** Absent on the item that asks for a name or ID. */
  target?: Target;
}

/**
 * The workspace's own repository first, then what the installations' lists show, then names the tasks taught (the
 * service judges those), then a way to type a name or an ID.
 */
function pickItems(env: InstallationsEnv, inst: Installation, candidates: Candidate[]): PickItem[] {
  const items: PickItem[] = [];
  const inTarget = new Set((env.model.repositoriesOf(inst.id).value ?? []).map(r => r.full_name?.toLowerCase()));
  const offered = new Set<string | undefined>(inTarget);
  const account = inst.account.login.toLowerCase();
  const ofAccount = (full: string) => full.split('/')[0].toLowerCase() === account;
  const byName = new Map(candidates.map(c => [c.repository.full_name.toLowerCase(), c]));
  for (const r of env.workspaceRepos?.() ?? []) {
    const full = `${r.owner}/${r.repo}`;
    if (offered.has(full.toLowerCase()) || !ofAccount(full)) continue;
    offered.add(full.toLowerCase());
    const c = byName.get(full.toLowerCase());
    const id = c?.repository.id ?? env.names?.idOf(full);
    items.push({
      label: `$(repo) ${forQuickPick(c ? shownName(c.repository) : full)}`,
      description: [vscode.l10n.t('this workspace'), c && permissionsLabel(c.repository.permissions)]
        .filter(Boolean)
        .join(' · '),
      detail: c && !c.verdict.allowed ? forQuickPick(c.verdict.message, 400) : undefined,
      target: c ? fromCandidate(c) : { id, fullName: full, owner: r.owner },
    });
  }
  const open = candidates.filter(c => c.verdict.allowed && !offered.has(c.repository.full_name.toLowerCase()));
  const closed = candidates.filter(c => !c.verdict.allowed && !offered.has(c.repository.full_name.toLowerCase()));
  for (const c of open) {
    items.push({
      label: `$(repo) ${forQuickPick(shownName(c.repository))}`,
      description: permissionsLabel(c.repository.permissions),
      detail: forQuickPick(vscode.l10n.t('Seen in {0}', c.seenIn.join(', '))),
      target: fromCandidate(c),
    });
  }
  for (const c of candidates) offered.add(c.repository.full_name.toLowerCase());
  for (const k of env.names?.known() ?? []) {
    if (offered.has(k.name.toLowerCase()) || !ofAccount(k.name)) continue;
    offered.add(k.name.toLowerCase());
    items.push({
      label: `$(repo) ${forQuickPick(repoNameShown(k.name, k.id).label)}`,
      description: vscode.l10n.t('named by a task'),
      target: { id: k.id, fullName: k.name, owner: k.name.split('/')[0] },
    });
  }
  if (closed.length) {
    // A quick pick cannot grey items out: they sit under their own heading and choosing one explains why.
    items.push({
      label: vscode.l10n.t('Not possible: you are not an admin of these'),
      kind: vscode.QuickPickItemKind.Separator,
    });
    for (const c of closed) {
      items.push({
        label: `$(circle-slash) ${forQuickPick(shownName(c.repository))}`,
        description: permissionsLabel(c.repository.permissions),
        detail: c.verdict.allowed ? undefined : forQuickPick(c.verdict.message, 400),
        target: fromCandidate(c),
      });
    }
  }
  items.push({ label: '', kind: vscode.QuickPickItemKind.Separator });
  items.push({
    label: vscode.l10n.t('$(edit) Enter a name or ID…'),
    detail: vscode.l10n.t('owner/name or a numeric ID, for any other repository'),
  });
  return items;
}

function fromCandidate(c: Candidate): Target {
  return { id: c.repository.id, fullName: c.repository.full_name, repository: c.repository, verdict: c.verdict };
}

/** Loads the repositories of every installation the user has (paged, cheap when unchanged) and offers the rest. */
async function gatherCandidates(env: InstallationsEnv, inst: Installation): Promise<Candidate[]> {
  const { model } = env;
  const all = await knownInstallations(env);
  await withNotice(
    all.length === 1
      ? vscode.l10n.t('Gathering your repositories from {0} installation…', all.length)
      : vscode.l10n.t('Gathering your repositories from {0} installations…', all.length),
    () => Promise.all(all.map(i => model.refreshRepositories(i.id))),
  );
  const reachable: ReachableSet[] = all.map(i => ({
    source: installationLabel(i),
    repositories: model.repositoriesOf(i.id).value ?? [],
  }));
  const listed = new Set(reachable.flatMap(r => r.repositories.map(x => x.id)));
  reachable.push({
    source: vscode.l10n.t('a list shown earlier in this session'),
    repositories: model.seenRepositories().filter(r => !listed.has(r.id)),
  });
  return candidatesFor(inst, model.repositoriesOf(inst.id).value ?? [], reachable);
}

function knownRepository(env: InstallationsEnv, id: number): Repository | undefined {
  return env.model.seenRepositories().find(r => r.id === id);
}
