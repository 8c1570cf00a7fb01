import * as vscode from 'vscode';
import type { Installation, Repository } from '../../api';
import { candidatesFor, type Candidate, type ReachableSet } from '../../model/installations/candidates';
import { canAdd, installationLabel, permissionsLabel, type Verdict } from '../../model/installations/policy';
import { tell } from '../../ui';
import { forMessage, forQuickPick } from '../../safety/serviceText';
import { applyChange } from './applyChange';
import {
  ensureToken,
  knownInstallations,
  pickInstallation,
  targetOf,
  withNotice,
  type InstallationsEnv,
  type Outcome,
} from './shared';

// Where the candidates come from, said in the picker: the service offers no list of all the user's repositories.
const SOURCE_NOTE = "From your installations' lists (the service has no list of all your repositories)";

/**
 * B5 "Add Repository…", on an installation node, from the palette (asks which), or with
 * `{ installationId, repositoryId }`. Offers the user's repositories not yet in the installation; only those
 * the user administers can be chosen, the rest say why not.
 */
export async function addRepository(env: InstallationsEnv, arg?: unknown): Promise<Outcome> {
  const target = targetOf(arg);
  if (!(await ensureToken(env, 'addRepository'))) return { done: false, reason: 'no-token' };

  let inst =
    target.installationId === undefined
      ? undefined
      : (await knownInstallations(env)).find(i => i.id === target.installationId);
  if (target.installationId === undefined) {
    inst = await pickInstallation(
      env,
      'Add a repository to which installation?',
      i => i.repository_selection !== 'all',
    );
    if (!inst) return { done: false, reason: 'cancelled' };
  }
  const installationId = inst?.id ?? target.installationId!;
  const instName = inst ? installationLabel(inst) : `installation ${installationId}`;

  if (inst?.repository_selection === 'all') {
    const owner = forMessage(inst.account.login);
    const message = `${instName} already covers all repositories of ${owner}; there is nothing to add.`;
    tell(env.ui, 'info', message);
    return { done: false, reason: 'blocked', message };
  }

  let repo: Repository | undefined;
  let repositoryId = target.repositoryId;
  let verdict: Verdict = { allowed: true };
  if (repositoryId === undefined) {
    if (!inst)
      return {
        done: false,
        reason: 'unknown-target',
        message: `Installation ${installationId} is not among your installations.`,
      };
    const candidates = await gatherCandidates(env, inst);
    const placeHolder = candidates.length
      ? SOURCE_NOTE
      : `None found for ${forQuickPick(inst.account.login)}. ${SOURCE_NOTE}`;
    const picked = await env.ui.pick(pickItems(candidates), { title: `Add a repository to ${instName}`, placeHolder });
    if (!picked) return { done: false, reason: 'cancelled' };
    if (picked.candidate) {
      repo = picked.candidate.repository;
      repositoryId = repo.id;
      verdict = picked.candidate.verdict;
    } else {
      const typed = await env.ui.input({
        title: `Add a repository to ${instName}`,
        prompt: `The numeric ID of a repository of ${forMessage(inst.account.login)} that you administer`,
        validate: v => (/^\s*\d{1,15}\s*$/.test(v) ? undefined : 'A repository ID is a whole number, e.g. 5005.'),
      });
      if (!typed || !/^\s*\d{1,15}\s*$/.test(typed)) return { done: false, reason: 'cancelled' };
      repositoryId = Number(typed.trim());
      repo = knownRepository(env, repositoryId);
      if (repo) verdict = canAdd(inst, repo, env.model.repositoriesOf(installationId).value ?? []);
    }
  } else if (inst) {
    // Named by id: judge it with whatever the view already knows of that repository.
    repo = knownRepository(env, repositoryId);
    if (repo) verdict = canAdd(inst, repo, env.model.repositoriesOf(installationId).value ?? []);
  }

  const repoName = repo ? forMessage(repo.full_name) : `repository ${repositoryId}`;
  if (!verdict.allowed) {
    tell(env.ui, 'warning', verdict.message);
    env.log.info(`add repository ${repositoryId} to installation ${installationId}: not sent (${verdict.reason})`);
    return { done: false, reason: 'blocked', message: verdict.message };
  }
  return applyChange(env, { op: 'addRepository', installationId, repositoryId, instName, repoName });
}

interface PickItem extends vscode.QuickPickItem {
  /** Absent on the item that asks for a repository ID. */
  candidate?: Candidate;
}

function pickItems(candidates: Candidate[]): PickItem[] {
  const items: PickItem[] = [];
  const open = candidates.filter(c => c.verdict.allowed);
  const closed = candidates.filter(c => !c.verdict.allowed);
  for (const c of open) {
    items.push({
      label: `$(repo) ${forQuickPick(c.repository.full_name)}`,
      description: permissionsLabel(c.repository.permissions),
      detail: forQuickPick(`Seen in ${c.seenIn.join(', ')}`),
      candidate: c,
    });
  }
  if (closed.length) {
    // A quick pick cannot grey items out: they sit under their own heading and choosing one explains why.
    items.push({ label: 'Not possible: you are not an admin of these', kind: vscode.QuickPickItemKind.Separator });
    for (const c of closed) {
      items.push({
        label: `$(circle-slash) ${forQuickPick(c.repository.full_name)}`,
        description: permissionsLabel(c.repository.permissions),
        detail: c.verdict.allowed ? undefined : forQuickPick(c.verdict.message, 400),
        candidate: c,
      });
    }
  }
  items.push({ label: '', kind: vscode.QuickPickItemKind.Separator });
  items.push({
    label: '$(edit) Enter a repository ID…',
    detail: 'For a repository none of your installations shows',
  });
  return items;
}

/** Loads the repositories of every installation the user has (paged, cheap when unchanged) and offers the rest. */
async function gatherCandidates(env: InstallationsEnv, inst: Installation): Promise<Candidate[]> {
  const { model } = env;
  const all = await knownInstallations(env);
  await withNotice(`Gathering your repositories from ${all.length} installation${all.length === 1 ? '' : 's'}…`, () =>
    Promise.all(all.map(i => model.refreshRepositories(i.id))),
  );
  const reachable: ReachableSet[] = all.map(i => ({
    source: installationLabel(i),
    repositories: model.repositoriesOf(i.id).value ?? [],
  }));
  const listed = new Set(reachable.flatMap(r => r.repositories.map(x => x.id)));
  reachable.push({
    source: 'a list shown earlier in this session',
    repositories: model.seenRepositories().filter(r => !listed.has(r.id)),
  });
  return candidatesFor(inst, model.repositoriesOf(inst.id).value ?? [], reachable);
}

function knownRepository(env: InstallationsEnv, id: number): Repository | undefined {
  return env.model.seenRepositories().find(r => r.id === id);
}
