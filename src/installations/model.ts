// What the Installations view knows: the user's installations, the repositories of each, and the repositories of
// the installation token. Built once in extension.ts; the view draws it, the commands change
// it. No `vscode`: plain-Node tests drive it against the sandbox.
import type { ApiClient, Installation, Repository } from '../api';
import { MissingTokenError, type Operation } from '../errors/installationErrors';
import { explain, type UserError } from '../errors/userErrors';
import { isFault } from '../errors/report';
import type { TokenKind } from '../ids';
import type { Log } from '../log';
import { DisposableBase } from '../lifecycle';
import { Emitter, type Event } from '../shared/emitter';
import { PAGE_BUDGET, readPages, type Page, type Progress } from '../model/pager';
import type { RepoNames } from '../model/repoNames';
import { UnderWay } from '../model/underWay';

export type InstallationsApi = Pick<
  ApiClient,
  | 'listInstallationRepos'
  | 'revokeInstallationToken'
  | 'listUserInstallations'
  | 'listUserInstallationRepos'
  | 'addRepoToInstallation'
  | 'removeRepoFromInstallation'
  | 'getRepository'
>;

/** Where clients and tokens come from: the service's clients and the token store, plain objects in tests. */
export interface Access {
  has(kind: TokenKind): Promise<boolean>;
  client(kind: TokenKind): Promise<InstallationsApi>;
}

/** Why a list could not be read: the error itself (a missing token is one too) and the read that failed. */
export interface SlotProblem {
  readonly error: unknown;
  readonly op: Operation;
}

/** A slot's problem in the user's words, as every failure is said (errors/userErrors.ts). */
export function explainSlotProblem(p: SlotProblem): UserError {
  return explain(p.error, { op: p.op });
}

/** One list and how loading it went. A failed reload keeps the last value beside the problem. */
export interface Slot<T> {
  value?: T[];
  total?: number;
  loading?: Progress;
  problem?: SlotProblem;
  /** Longer than the pages read: `loadMore` reads further. */
  cut?: boolean;
  /** Pages read at most; grows with each `loadMore`. */
  budget?: number;
}

/** What a slot is, for `loadMore`: the installations, one installation's repositories, or the token's. */
export type SlotId =
  { what: 'installations' } | { what: 'repositories'; installationId: number } | { what: 'tokenRepositories' };

/** What changed: one slot, or everything (a reset). */
export type ModelChange = SlotId | { what: 'all' };

export interface InstallationsModelDeps {
  access: Access;
  /** A token changed (fine-grained: the user's lists; installation: the token's list). */
  onDidChangeToken?: Event<TokenKind>;
  /** Another service: everything known belongs to the old one. */
  onDidChangeService?: Event<void>;
  /** The repository names cache: every list read here names its repositories. */
  names?: Pick<RepoNames, 'learnAll'>;
  /** Where a fault of ours (not the service's answer) leaves its stack. */
  log?: Pick<Log, 'error'>;
}

export class InstallationsModel extends DisposableBase {
  installations: Slot<Installation> = {};
  tokenRepositories: Slot<Repository> = {};
  private readonly repos = new Map<number, Slot<Repository>>();
  /** Every repository an installation's list has shown in this session: one removed a moment ago is offered back. */
  private readonly seen = new Map<number, Repository>();
  private readonly underWay = new UnderWay<void>();
  private readonly changed = this.register(new Emitter<ModelChange>());
  readonly onDidChange = this.changed.event;
  /**
   * Bumped on reset, per part (what came with the user's token, what came with the installation token), so that
   * answers to requests made before a reset are dropped, and only those of the part that was reset.
   */
  private readonly gens = { user: 0, token: 0 };
  private readonly access: Access;
  private readonly names: InstallationsModelDeps['names'];
  private readonly log: InstallationsModelDeps['log'];

  constructor(deps: InstallationsModelDeps) {
    super();
    this.access = deps.access;
    this.names = deps.names;
    this.log = deps.log;
    if (deps.onDidChangeToken) {
      this.register(
        deps.onDidChangeToken(kind =>
          kind === 'fine_grained'
            ? this.reset('user')
            : kind === 'installation'
              ? this.reset('token')
              : this.changed.fire({ what: 'all' }),
        ),
      );
    }
    if (deps.onDidChangeService) this.register(deps.onDidChangeService(() => this.reset('all')));
  }

  /** Changes at every reset; a caller can tell whether its loads were dropped meanwhile. */
  get generation(): number {
    return this.gens.user + this.gens.token;
  }

  has(kind: TokenKind): Promise<boolean> {
    return this.access.has(kind);
  }

  repositoriesOf(installationId: number): Slot<Repository> {
    let slot = this.repos.get(installationId);
    if (!slot) this.repos.set(installationId, (slot = {}));
    return slot;
  }

  installation(id: number): Installation | undefined {
    return this.installations.value?.find(i => i.id === id);
  }

  /** Installation ids whose repositories were loaded (or tried), to refresh what the user has opened. */
  loadedRepositoryIds(): number[] {
    return [...this.repos.entries()].filter(([, s]) => s.value || s.problem).map(([id]) => id);
  }

  /** Repositories seen in any installation's list during this session, the latest copy of each. */
  seenRepositories(): Repository[] {
    return [...this.seen.values()];
  }

  /**
   * Forgets what came with one token (`user`: installations and their repositories; `token`: the installation
   * token's repositories) or everything (`all`, when the service changed). Answers still on their way are dropped.
   */
  reset(part: 'user' | 'token' | 'all' = 'all'): void {
    if (part !== 'token') {
      this.gens.user++;
      this.installations = {};
      this.repos.clear();
      this.seen.clear();
    }
    if (part !== 'user') {
      this.gens.token++;
      this.tokenRepositories = {};
    }
    this.underWay.forget(key => part === 'all' || (key === 'token') === (part === 'token'));
    this.changed.fire({ what: 'all' });
  }

  refreshInstallations(): Promise<void> {
    return this.refresh(
      'installations',
      'listInstallations',
      this.installations,
      { what: 'installations' },
      async (page, per_page) => {
        const r = await (await this.access.client('fine_grained')).listUserInstallations({ page, per_page });
        return { total: r.total_count, items: r.installations ?? [] };
      },
    );
  }

  refreshRepositories(installationId: number): Promise<void> {
    const slot = this.repositoriesOf(installationId);
    return this.refresh(
      `repos:${installationId}`,
      'listRepositories',
      slot,
      { what: 'repositories', installationId },
      async (page, per_page) => {
        const r = await (
          await this.access.client('fine_grained')
        ).listUserInstallationRepos({ installation_id: installationId, page, per_page });
        return { total: r.total_count, items: r.repositories ?? [] };
      },
      stored => {
        stored.forEach(repo => this.seen.set(repo.id, repo));
        this.learnNames(stored);
      },
    );
  }

  refreshTokenRepositories(): Promise<void> {
    return this.refresh(
      'token',
      'listTokenRepositories',
      this.tokenRepositories,
      { what: 'tokenRepositories' },
      async (page, per_page) => {
        const r = await (await this.access.client('installation')).listInstallationRepos({ page, per_page });
        return { total: r.total_count, items: r.repositories ?? [] };
      },
      stored => this.learnNames(stored),
    );
  }

  private learnNames(repos: readonly Repository[]): void {
    this.names?.learnAll(
      repos.map(r => [r.id, r.full_name] as const),
      'installation',
    );
  }

  /** Reads further into a list that was cut. */
  loadMore(id: SlotId): Promise<void> {
    const slot =
      id.what === 'installations'
        ? this.installations
        : id.what === 'tokenRepositories'
          ? this.tokenRepositories
          : this.repositoriesOf(id.installationId);
    slot.budget = (slot.budget ?? PAGE_BUDGET) + PAGE_BUDGET;
    if (id.what === 'installations') return this.refreshInstallations();
    if (id.what === 'tokenRepositories') return this.refreshTokenRepositories();
    return this.refreshRepositories(id.installationId);
  }

  /** Reads a list into its slot, joining a read of the same list under way; `onStored` sees what was stored. */
  private refresh<T extends { id: number }>(
    key: string,
    op: Operation,
    slot: Slot<T>,
    change: ModelChange,
    fetchPage: (page: number, perPage: number) => Promise<Page<T>>,
    onStored?: (items: T[]) => void,
  ): Promise<void> {
    return this.underWay.join(key, async () => {
      const stored = await this.load(op, slot, change, fetchPage);
      if (stored) onStored?.(stored);
    });
  }

  /** Reads a list into its slot; resolves with what was stored, or undefined (no token, failed, or reset meanwhile). */
  private async load<T extends { id: number }>(
    op: Operation,
    slot: Slot<T>,
    change: ModelChange,
    fetchPage: (page: number, perPage: number) => Promise<Page<T>>,
  ): Promise<T[] | undefined> {
    const part = op === 'listTokenRepositories' ? 'token' : 'user';
    const gen = this.gens[part];
    const stale = () => gen !== this.gens[part];
    const present = await this.access.has(part === 'token' ? 'installation' : 'fine_grained');
    if (stale()) return undefined;
    if (!present) {
      delete slot.value;
      delete slot.total;
      delete slot.loading;
      slot.problem = { error: new MissingTokenError(op), op };
      this.changed.fire(change);
      return undefined;
    }
    slot.loading = { done: 0, total: slot.total ?? 0 };
    this.changed.fire(change);
    try {
      const onProgress = (p: Progress) => {
        if (stale()) return;
        slot.loading = p;
        this.changed.fire(change);
      };
      const read = await readPages(fetchPage, item => item.id, { maxPages: slot.budget, onProgress });
      if (stale()) return undefined;
      slot.value = read.items;
      slot.total = read.total;
      slot.cut = read.cut;
      delete slot.problem;
      return read.items;
    } catch (e) {
      if (stale()) return undefined;
      slot.problem = { error: e, op };
      if (isFault(e)) this.log?.error(e);
      return undefined;
    } finally {
      if (!stale()) {
        delete slot.loading;
        this.changed.fire(change);
      }
    }
  }
}
