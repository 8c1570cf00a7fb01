// Whether an action on an installation is allowed, decided from what the view already knows, and why not in plain
// words. Pure: no `vscode`, no network. The service stays the judge of what the view cannot know; this module only
// keeps the user from sending a request whose refusal is certain.
import type { Installation, Repository } from '../api';
import { forMessage } from '../safety/serviceText';
import { repoNameShown } from '../model/repoNames';
import * as l10n from '@vscode/l10n';

export type BlockReason =
  // Removing from an installation that covers every repository (422), or adding where there is nothing to add.
  | 'selection-all'
  | 'last-repository' // removing the only repository of a selected installation (422)
  | 'not-admin' // adding and removing need admin access to the repository (403)
  | 'already-present' // adding a repository the installation already has
  | 'other-account'; // adding a repository of another account than the installation's

export type Verdict = { allowed: true } | { allowed: false; reason: BlockReason; message: string };

type InstallationFacts = Pick<Installation, 'id' | 'repository_selection' | 'app_slug' | 'account'>;
type RepositoryFacts = Pick<Repository, 'id' | 'full_name' | 'owner'> & { permissions?: Repository['permissions'] };

/** How the view names an installation in messages: the app and the account it is installed on. */
export function installationLabel(inst: Pick<Installation, 'app_slug' | 'account'>): string {
  const app = inst.app_slug || l10n.t('app');
  const login = inst.account?.login;
  return forMessage(login ? l10n.t('{0} on {1}', app, login) : l10n.t('{0} on an unknown account', app));
}

export function allowed(): Verdict {
  return { allowed: true };
}

/** A repository's name in a sentence: with its ID beside a name that mixes scripts (acme/rоcket). */
const named = (repo: RepositoryFacts): string => repoNameShown(repo.full_name, repo.id).label;

function blocked(reason: BlockReason, message: string): Verdict {
  // Logins and repository names from the service are in it, and it is shown as a notification.
  return { allowed: false, reason, message: forMessage(message, 600) };
}

/**
 * Removing a repository. `siblings` are the repositories of the installation the user can see, including `repo`
 * itself. The installation's list shows only repositories the user has access to, so "last" means the last one the
 * user can see: the service refuses removing it when it is the app's last one, and the user could not tell otherwise.
 * `repo` is undefined when the view has not seen the repository (a caller named it by id).
 */
export function canRemove(
  inst: InstallationFacts,
  repo: RepositoryFacts | undefined,
  siblings: readonly Pick<Repository, 'id'>[],
): Verdict {
  const label = installationLabel(inst);
  if (inst.repository_selection === 'all') {
    return blocked(
      'selection-all',
      l10n.t(
        '{0} is set to all repositories of {1}, so no single repository can be removed from it. Change the installation to selected repositories in its settings first.',
        label,
        inst.account.login,
      ),
    );
  }
  // A repository the view has not seen: only the installation's own facts can be judged.
  if (!repo) return allowed();
  if (repo.permissions && !repo.permissions.admin) {
    return blocked(
      'not-admin',
      l10n.t(
        'Removing {0} from {1} needs admin access to {2}; you have {3} access.',
        named(repo),
        label,
        named(repo),
        accessWord(repo.permissions),
      ),
    );
  }
  const others = siblings.filter(r => r.id !== repo.id).length;
  const present = siblings.some(r => r.id === repo.id);
  if (present && others === 0) {
    return blocked(
      'last-repository',
      l10n.t(
        '{0} is the only repository of {1}; an installation cannot be left without repositories. Add another repository first, or uninstall the app instead.',
        named(repo),
        label,
      ),
    );
  }
  return allowed();
}

/** Adding a repository. `current` are the repositories the installation already has (as far as the user can see). */
export function canAdd(
  inst: InstallationFacts,
  repo: RepositoryFacts,
  current: readonly Pick<Repository, 'id'>[],
): Verdict {
  const label = installationLabel(inst);
  if (inst.repository_selection === 'all') {
    return blocked('selection-all', l10n.t('{0} already covers all repositories of {1}.', label, inst.account.login));
  }
  if (current.some(r => r.id === repo.id)) {
    return blocked('already-present', l10n.t('{0} is already in {1}.', named(repo), label));
  }
  if (!sameAccount(inst, repo)) {
    return blocked(
      'other-account',
      l10n.t(
        '{0} belongs to {1}, but {2} is installed on {3}.',
        named(repo),
        repo.owner?.login ?? l10n.t('another account'),
        label,
        inst.account.login,
      ),
    );
  }
  if (repo.permissions && !repo.permissions.admin) {
    return blocked(
      'not-admin',
      l10n.t('Adding {0} needs admin access to it; you have {1} access.', named(repo), accessWord(repo.permissions)),
    );
  }
  return allowed();
}

export function sameAccount(inst: Pick<Installation, 'account'>, repo: Pick<Repository, 'owner'>): boolean {
  if (!repo.owner || !inst.account) return true; // unknown: let the service decide
  if (typeof repo.owner.id === 'number' && typeof inst.account.id === 'number')
    return repo.owner.id === inst.account.id;
  return (repo.owner.login ?? '').toLowerCase() === (inst.account.login ?? '').toLowerCase();
}

/** The strongest access a permissions object grants, in the words people use. */
export function accessWord(p: Repository['permissions']): string {
  if (!p) return 'unknown';
  if (p.admin) return 'admin';
  if (p.push) return 'write';
  if (p.pull) return 'read';
  return 'no';
}

/** The permissions as the view shows them: the granted ones among admin, push and pull. */
export function permissionsLabel(p: Repository['permissions']): string {
  if (!p) return '';
  const granted = (['admin', 'push', 'pull'] as const).filter(k => p[k]);
  return granted.length ? granted.join(' · ') : l10n.t('no access');
}
