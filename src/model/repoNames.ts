// Repository names by ID, for every surface that would otherwise show a number. The service names a repository
// only in some answers; the user's own task list (list your tasks) gives just its ID. A name is believed only from a
// source that
// speaks for that repository (`NameSource`), never from a task's `url` alone, which any task can set. Two IDs never
// share one name: the stronger source keeps it, the other ID shows its number and says why. What was learnt is kept
// here, per service, in globalState with a size bound, so a name learnt once shows everywhere and after a restart.
// No `vscode`: the memento is passed in.
import { mixedScripts } from '../safety/scripts';
import { Emitter } from '../shared/emitter';
import * as l10n from '@vscode/l10n';

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
  /** Set when the name is shown with the repository's ID beside it (its letters mix scripts): why, for the tooltip. */
  note?: string;
}

/**
 * A repository's name as the surfaces show it. A name whose letters mix scripts (`acme/rоcket`, its `о` Cyrillic)
 * can be made to read as another's: it is shown with the repository's ID beside it, and said to mix scripts, so two
 * that look alike are told apart wherever a name shows.
 */
export function repoNameShown(name: string, id: number): RepoShown {
  const mixed = mixedScripts(name);
  if (!mixed) return { label: name };
  return {
    label: l10n.t('{0} (mixed scripts, repository {1})', name, id),
    note: l10n.t(
      'The letters of this name mix scripts ({0}), as a name made to look like another can: its ID, {1}, is shown beside it.',
      mixed.join(', '),
      id,
    ),
  };
}

export const REPO_NAMES_KEY = 'agentTasks.repoNames';
/** Names kept per service: far more than one person's repositories, far less than a burden on globalState. */
export const MAX_NAMES = 500;
/** Services remembered; the least recently used one is dropped. */
const MAX_SERVICES = 4;
const MAX_NAME_LENGTH = 200;

/**
 * Where a name came from, strongest first: the repository itself read by that name (`read`); a listing of that
 * repository's own tasks, asked for by that name, whose tasks carry this ID (`list`); an installation's repository
 * list (`installation`); the workspace's Git remote that the user opened, where the service's own answer did not
 * spell the name (`remote`).
 */
export type NameSource = 'read' | 'list' | 'installation' | 'remote';
const RANK: Record<NameSource, number> = { read: 3, list: 3, installation: 2, remote: 1 };
const SOURCE_TEXT: Record<NameSource, string> = {
  read: l10n.t('the repository read by its name'),
  list: l10n.t("a listing of that repository's own tasks"),
  installation: l10n.t("an installation's repository list"),
  remote: l10n.t("the workspace's Git remote"),
};
const isSource = (s: unknown): s is NameSource => typeof s === 'string' && Object.hasOwn(RANK, s);

interface Entry {
  name: string;
  source: NameSource;
}

/** A name an ID was refused because another ID holds it from a source at least as strong. */
interface Refused extends Entry {
  holder: number;
  holderSource: NameSource;
}

interface Stored {
  scope: string;
  /** `[id, name, source]`; pairs without a source (kept before sources were told apart) are not believed. */
  names: [number, string, NameSource][];
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
const key = (name: string): string => name.toLowerCase();

export class RepoNames {
  /** Insertion order is recency: a name learnt again moves to the end; the oldest go first past the bound. */
  private byId = new Map<number, Entry>();
  /** Lower-cased name → the ID that holds it: one ID per name. */
  private byName = new Map<string, number>();
  /** IDs whose name another ID holds, with why; kept for this session only (a read tells it again). */
  private refused = new Map<number, Refused>();
  private loadedScope: string | undefined;
  /**
   * What `shown` said of each ID since the names last changed: every picture and row of a repository shares one
   * object (a view of 1,000 rows asked it 1,000 times, each answer a new object with its sentences formatted).
   */
  private readonly said = new Map<number, Readonly<RepoShown>>();
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
    this.byId = new Map();
    this.byName = new Map();
    this.refused = new Map();
    for (const e of entry?.names ?? []) {
      if (!Array.isArray(e) || !validId(e[0]) || !validRepoName(e[1]) || !isSource(e[2])) continue;
      this.put(e[0], { name: e[1], source: e[2] });
    }
    while (this.byId.size > this.max) this.drop(this.byId.keys().next().value as number);
    this.said.clear();
    this.changed.fire();
  }

  /** The name of a repository, when a source that speaks for it has named it. */
  name(id: unknown): string | undefined {
    return validId(id) ? this.byId.get(id)?.name : undefined;
  }

  /** The ID of `owner/name` (either part in any case, as the service compares them), when known. */
  idOf(fullName: string): number | undefined {
    return this.byName.get(key(fullName.trim()));
  }

  /** Everything known, most recently learnt first. */
  known(): KnownRepo[] {
    return [...this.byId].reverse().map(([id, e]) => ({ id, name: e.name }));
  }

  /** What to show for a repository ID: its name, or the ID and why no name is there (one object per ID). */
  shown(id: unknown): Readonly<RepoShown> | undefined {
    if (!validId(id)) return undefined;
    let said = this.said.get(id);
    if (!said) this.said.set(id, (said = Object.freeze(this.describe(id))));
    return said;
  }

  private describe(id: number): RepoShown {
    const name = this.name(id);
    if (name) return repoNameShown(name, id);
    const refused = this.refused.get(id);
    if (refused)
      return {
        label: l10n.t('repository {0}', id),
        why: l10n.t(
          '{0} names this repository {1}, but repository {2} holds that name, from {3}. Two repositories cannot share one name, so this one shows its ID ({4}).',
          SOURCE_TEXT[refused.source],
          refused.name,
          refused.holder,
          SOURCE_TEXT[refused.holderSource],
          id,
        ),
      };
    return {
      label: l10n.t('repository {0}', id),
      why: l10n.t(
        "The service gave only this repository's ID ({0}). Its name is shown once a task list that names it or one of your installations has been read.",
        id,
      ),
    };
  }

  /** Learns one name from `source`; says whether anything changed. */
  learn(id: unknown, fullName: unknown, source: NameSource): boolean {
    return this.learnAll([[id, fullName]], source);
  }

  /** Learns several names from one source: one change event and one write at most. Malformed pairs are skipped. */
  learnAll(pairs: Iterable<readonly [unknown, unknown]>, source: NameSource): boolean {
    let changed = false;
    for (const [id, name] of pairs)
      if (validId(id) && validRepoName(name) && this.take(id, name, source)) changed = true;
    if (!changed) return false;
    while (this.byId.size > this.max) this.drop(this.byId.keys().next().value as number);
    this.said.clear();
    this.save();
    this.changed.fire();
    return true;
  }

  dispose(): void {
    this.changed.dispose();
  }

  /** One claim: `id` is `name` according to `source`. Says whether what is shown changed. */
  private take(id: number, name: string, source: NameSource): boolean {
    const before = this.byId.get(id);
    // Same name: nothing to write. Its recency is not refreshed, so a poll does not rewrite globalState.
    if (before?.name === name && RANK[before.source] >= RANK[source]) return false;
    // A weaker source does not rename what a stronger one named.
    if (before && before.name !== name && RANK[before.source] > RANK[source]) return false;
    const holder = this.byName.get(key(name));
    if (holder !== undefined && holder !== id) {
      const held = this.byId.get(holder)!;
      if (RANK[held.source] >= RANK[source]) {
        // The name stays with the ID that holds it; this one shows its number, and why.
        const was = this.refused.get(id);
        if (was?.name === name && was.holder === holder) return false;
        this.refused.set(id, { name, source, holder, holderSource: held.source });
        return true;
      }
      this.drop(holder);
      this.refused.set(holder, { ...held, holder: id, holderSource: source });
    }
    if (before) this.drop(id);
    this.refused.delete(id);
    this.put(id, { name, source });
    return true;
  }

  private put(id: number, entry: Entry): void {
    // A stored list with two IDs for one name (written before names were unique) keeps the first.
    if (this.byName.has(key(entry.name))) return;
    this.byId.set(id, entry);
    this.byName.set(key(entry.name), id);
  }

  private drop(id: number): void {
    const e = this.byId.get(id);
    this.byId.delete(id);
    if (e && this.byName.get(key(e.name)) === id) this.byName.delete(key(e.name));
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
    const names = [...this.byId].map(([id, e]): [number, string, NameSource] => [id, e.name, e.source]);
    const mine: Stored = { scope: this.loadedScope, names };
    const others = this.stored().filter(s => s.scope !== mine.scope);
    void Promise.resolve(this.memento.update(REPO_NAMES_KEY, [mine, ...others].slice(0, MAX_SERVICES))).catch(
      () => undefined,
    );
  }
}
