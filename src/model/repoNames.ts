// Repository names by ID, for every surface that would otherwise show a number. The service names a repository
// only in some answers (a task's `url`, the installations' repository lists); the user's own task list (A4) gives
// just its ID. What one answer taught is kept here, per service, in globalState with a size bound, so a name learnt
// once shows everywhere and after a restart. No `vscode`: the memento is passed in.
import { Emitter } from './emitter';

/** The part of a VS Code Memento this needs. */
export interface NameMemento {
  get<T>(key: string): T | undefined;
  update(key: string, value: unknown): PromiseLike<void>;
}

export interface KnownRepo {
  id: number;
  /** `owner/name` as the service last spelled it. */
  name: string;
}

/** What a surface shows for a repository: its name, or its ID with why no name is there. */
export interface RepoShown {
  label: string;
  /** Set when only the ID is known: a sentence for the tooltip. */
  why?: string;
}

export const REPO_NAMES_KEY = 'agentTasks.repoNames';
/** Names kept per service: far more than one person's repositories, far less than a burden on globalState. */
export const MAX_NAMES = 500;
/** Services remembered; the least recently used one is dropped. */
const MAX_SERVICES = 4;
const MAX_NAME_LENGTH = 200;

interface Stored {
  scope: string;
  names: [number, string][];
}

/** One part of a name: letters and digits of any script, `.`, `_` and `-`, as account and repository names are. */
const PART = /^[\p{L}\p{N}._-]+$/u;

/**
 * `owner/name`, two parts of letters, digits, `.`, `_`, `-`, bounded. Anything else the service sends as a name is
 * not kept: no markup, space, control or reordering character can come back out of the cache.
 */
export function validRepoName(name: unknown): name is string {
  if (typeof name !== 'string' || name.length > MAX_NAME_LENGTH) return false;
  const parts = name.split('/');
  return parts.length === 2 && parts.every(p => PART.test(p) && p !== '.' && p !== '..');
}

const validId = (id: unknown): id is number => typeof id === 'number' && Number.isSafeInteger(id) && id > 0;

export class RepoNames {
  /** Insertion order is recency: a name learnt again moves to the end; the oldest go first past the bound. */
  private byId = new Map<number, string>();
  private loadedScope: string | undefined;
  private readonly changed = new Emitter<void>();
  /** Names were learnt: surfaces that show IDs may now show names. */
  readonly onDidChange = this.changed.event;

  constructor(
    private readonly memento?: NameMemento,
    private readonly max = MAX_NAMES,
  ) {}

  /**
   * Which service the names belong to (its kind and address): names of another service are not shown. Told when
   * the service changes, not asked at each lookup: views look names up for every row they draw.
   */
  useScope(scope: string): void {
    if (scope === this.loadedScope) return;
    this.loadedScope = scope;
    const entry = this.stored().find(s => s.scope === scope);
    const pairs = (entry?.names ?? []).filter(e => Array.isArray(e) && validId(e[0]) && validRepoName(e[1]));
    this.byId = new Map(pairs);
    while (this.byId.size > this.max) this.byId.delete(this.byId.keys().next().value as number);
    this.changed.fire();
  }

  /** The name of a repository, when some answer has named it. */
  name(id: unknown): string | undefined {
    return validId(id) ? this.names().get(id) : undefined;
  }

  /** The ID of `owner/name` (either part in any case, as the service compares them), when known. */
  idOf(fullName: string): number | undefined {
    const wanted = fullName.trim().toLowerCase();
    for (const [id, name] of this.names()) if (name.toLowerCase() === wanted) return id;
    return undefined;
  }

  /** Everything known, most recently learnt first. */
  known(): KnownRepo[] {
    return [...this.names()].reverse().map(([id, name]) => ({ id, name }));
  }

  /** What to show for a repository ID: its name, or the ID and why no name is there. */
  shown(id: unknown): RepoShown | undefined {
    if (!validId(id)) return undefined;
    const name = this.name(id);
    if (name) return { label: name };
    return {
      label: `repository ${id}`,
      why:
        `The service gave only this repository's ID (${id}). Its name is shown once a task list that names it ` +
        'or one of your installations has been read.',
    };
  }

  /** Learns one name; says whether anything changed. */
  learn(id: unknown, fullName: unknown): boolean {
    return this.learnAll([[id, fullName]]);
  }

  /** Learns several names at once: one change event and one write at most. Malformed pairs are skipped. */
  learnAll(pairs: Iterable<readonly [unknown, unknown]>): boolean {
    const names = this.names();
    let changed = false;
    for (const [id, name] of pairs) {
      if (!validId(id) || !validRepoName(name)) continue;
      const before = names.get(id);
      // Same name: nothing to write. Its recency is not refreshed, so a poll does not rewrite globalState.
      if (before === name) continue;
      names.delete(id);
      names.set(id, name);
      changed = true;
    }
    if (!changed) return false;
    while (names.size > this.max) names.delete(names.keys().next().value as number);
    this.save();
    this.changed.fire();
    return true;
  }

  dispose(): void {
    this.changed.dispose();
  }

  private names(): Map<number, string> {
    return this.byId;
  }

  private stored(): Stored[] {
    const raw = this.memento?.get<unknown>(REPO_NAMES_KEY);
    if (!Array.isArray(raw)) return [];
    return (raw as unknown[]).filter((s): s is Stored => {
      const o = s as Partial<Record<keyof Stored, unknown>> | null;
      return typeof o === 'object' && o !== null && typeof o.scope === 'string' && Array.isArray(o.names);
    });
  }

  private save(): void {
    if (!this.memento || this.loadedScope === undefined) return;
    const mine: Stored = { scope: this.loadedScope, names: [...this.byId] };
    const others = this.stored().filter(s => s.scope !== mine.scope);
    void Promise.resolve(this.memento.update(REPO_NAMES_KEY, [mine, ...others].slice(0, MAX_SERVICES))).catch(
      () => undefined,
    );
  }
}
