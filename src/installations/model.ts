// What the Installations view knows: the user's installations (B3), the repositories of each (B4), and the
// repositories of the installation token (B1). No `vscode`: the provider draws it, the commands change it, and
// plain-Node tests drive it against the sandbox.
import type { Access, Installation, Repository } from './api';
import { failureFacts } from './api';
import { explainFailure, missingToken, type Explanation, type Operation } from './explain';
import { fetchAllPages, type Progress } from './paging';

/** One list and how loading it went. A failed reload keeps the last value beside the problem. */
export interface Slot<T> {
  value?: T[];
  total?: number;
  loading?: Progress;
  problem?: Explanation & { status?: number };
}

export type ModelChange =
  | { what: 'installations' }
  | { what: 'repositories'; installationId: number }
  | { what: 'tokenRepositories' }
  | { what: 'all' };

export class InstallationsModel {
  installations: Slot<Installation> = {};
  tokenRepositories: Slot<Repository> = {};
  private readonly repos = new Map<number, Slot<Repository>>();
  /** Every repository B4 has shown in this session, so one removed a moment ago can be offered back. */
  private readonly seen = new Map<number, Repository>();
  private readonly inFlight = new Map<string, Promise<void>>();
  private readonly listeners = new Set<(c: ModelChange) => void>();
  /**
   * Bumped on reset, per part (what came with the user's token, what came with the installation token), so that
   * answers to requests made before a reset are dropped, and only those of the part that was reset.
   */
  private readonly gens = { user: 0, token: 0 };

  constructor(private readonly access: Access) {}

  onDidChange(listener: (c: ModelChange) => void): { dispose(): void } {
    this.listeners.add(listener);
    return { dispose: () => this.listeners.delete(listener) };
  }

  private emit(c: ModelChange): void {
    for (const l of [...this.listeners]) l(c);
  }

  /** Changes at every reset; a caller can tell whether its loads were dropped meanwhile. */
  get generation(): number {
    return this.gens.user + this.gens.token;
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

  /**
   * Forgets what came with one token (`user`: installations and their repositories; `token`: the installation
   * token's repositories) or everything (`all`, when the service changed). Answers still on their way are dropped.
   */
  reset(part: 'user' | 'token' | 'all' = 'all'): void {
    if (part !== 'token') this.gens.user++;
    if (part !== 'user') this.gens.token++;
    if (part !== 'token') {
      this.installations = {};
      this.repos.clear();
      this.seen.clear();
    }
    if (part !== 'user') this.tokenRepositories = {};
    for (const key of [...this.inFlight.keys()]) if (part === 'all' || (key === 'token') === (part === 'token')) this.inFlight.delete(key);
    this.emit({ what: 'all' });
  }

  refreshInstallations(): Promise<void> {
    return this.once('installations', () => this.load('listInstallations', this.installations,
      async (page, per_page) => {
        const r = await (await this.access.client('fine_grained')).listUserInstallations({ page, per_page });
        return { total: r.total_count, items: r.installations ?? [] };
      }, { what: 'installations' }));
  }

  refreshRepositories(installationId: number): Promise<void> {
    return this.once(`repos:${installationId}`, () => this.load('listRepositories', this.repositoriesOf(installationId),
      async (page, per_page) => {
        const api = await this.access.client('fine_grained');
        const r = await api.listUserInstallationRepos({ installation_id: installationId, page, per_page });
        return { total: r.total_count, items: r.repositories ?? [] };
      }, { what: 'repositories', installationId }, items => {
        for (const r of items) this.seen.set(r.id, r);
      }));
  }

  /** Repositories seen in any installation's list during this session, the latest copy of each. */
  seenRepositories(): Repository[] {
    return [...this.seen.values()];
  }

  refreshTokenRepositories(): Promise<void> {
    return this.once('token', () => this.load('listTokenRepositories', this.tokenRepositories,
      async (page, per_page) => {
        const r = await (await this.access.client('installation')).listInstallationRepos({ page, per_page });
        return { total: r.total_count, items: r.repositories ?? [] };
      }, { what: 'tokenRepositories' }));
  }

  /** Joins a load already under way for the same list instead of starting another. */
  private once(key: string, run: () => Promise<void>): Promise<void> {
    const running = this.inFlight.get(key);
    if (running) return running;
    const p = run().finally(() => {
      if (this.inFlight.get(key) === p) this.inFlight.delete(key);
    });
    this.inFlight.set(key, p);
    return p;
  }

  private async load<T extends { id: number }>(
    op: Operation,
    slot: Slot<T>,
    fetchPage: (page: number, perPage: number) => Promise<{ total: number; items: T[] }>,
    change: ModelChange,
    onValue?: (items: T[]) => void,
  ): Promise<void> {
    const part = op === 'listTokenRepositories' ? 'token' : 'user';
    const gen = this.gens[part];
    const stale = () => gen !== this.gens[part];
    const kind = part === 'token' ? 'installation' : 'fine_grained';
    const present = await this.access.has(kind);
    if (stale()) return;
    if (!present) {
      delete slot.value;
      delete slot.total;
      delete slot.loading;
      slot.problem = missingToken(op);
      this.emit(change);
      return;
    }
    slot.loading = { done: 0, total: slot.total ?? 0 };
    this.emit(change);
    try {
      const page = await fetchAllPages(fetchPage, {
        onProgress: p => {
          if (stale()) return;
          slot.loading = p;
          this.emit(change);
        },
      });
      if (stale()) return;
      slot.value = page.items;
      slot.total = page.total;
      delete slot.problem;
      onValue?.(page.items);
    } catch (e) {
      if (stale()) return;
      slot.problem = describeError(op, e);
    } finally {
      if (!stale()) {
        delete slot.loading;
        this.emit(change);
      }
    }
  }
}

export function describeError(op: Operation, e: unknown): Explanation & { status?: number } {
  const facts = failureFacts(e);
  if (facts) return { ...explainFailure(op, facts), status: facts.status };
  // Not an answer of the service: e.g. no service configured. Its message is ours and carries no token.
  return { message: e instanceof Error ? e.message : String(e) };
}
