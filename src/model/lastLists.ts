// The last lists this workspace saw, kept in its storage so that a window that opens draws them at once, before the
// token, the repository or the service are known; marked as being refreshed until the first answer replaces them.
// Only what the rows show (names, states, times, ids), never a token; with the service address and the user's id they
// were read for, and a digest, so that an older version, a cut or corrupted write, another service's or another
// repository's list is ignored. No `vscode`: the storage is handed in.
import type { Artifact, Task } from '../api';
import type { ListKey } from './taskStore';

/** Moves on whenever the stored shape changes: a list of another version is ignored. */
export const LAST_LISTS_VERSION = 1;
export const LAST_LISTS_KEY = 'agentTasks.lastLists';
/** The most tasks kept per list: the first the views show (newest first), so a write stays small. */
export const MOST_TASKS_KEPT = 200;
/** The longest text kept; a longer one (names of unusual length) is not written at all. */
export const MOST_CHARS_KEPT = 400_000;

export interface LastLists {
  /** The service it was read from: its kind and address (`kind\nscope`). */
  service: string;
  /** The signed-in user's id, when it was known. */
  user?: number;
  /** The repository list's key, when the Repository view showed one. */
  repo?: ListKey;
  /** The workspace folders the repository was found in. */
  folders: string[];
  /** When it was written (ms since the epoch): rows of running tasks say "last seen" then. */
  savedAt: number;
  lists: Record<ListKey, Task[]>;
}

/** What a stored list must match to be shown. */
export interface Expected {
  service: string;
  folders: string[];
}

export type Ignored = 'none' | 'version' | 'corrupted' | 'service' | 'repository';

export interface Kept {
  get<T>(key: string): T | undefined;
  update(key: string, value: unknown): Thenable<void>;
}

/** FNV-1a over the text's UTF-16 units: enough to tell a cut or altered write from a whole one. */
export function digest(text: string): string {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
  return (h >>> 0).toString(16).padStart(8, '0');
}

/** Only the fields a row shows, copied one by one (nothing else a task carries goes to storage). */
function rowFields(t: Task): Task {
  const ref = (r: { id: number } | undefined) => (r && typeof r.id === 'number' ? { id: r.id } : undefined);
  const artifacts: Artifact[] = (Array.isArray(t.artifacts) ? t.artifacts : [])
    .filter(a => a.type === 'pull')
    .map(a => ({ provider: a.provider, type: a.type, data: { id: a.data.id } }));
  return {
    id: t.id,
    ...(t.html_url ? { html_url: t.html_url } : {}),
    name: t.name,
    ...(ref(t.creator) ? { creator: ref(t.creator) } : {}),
    ...(ref(t.repository) ? { repository: ref(t.repository) } : {}),
    state: t.state,
    session_count: t.session_count,
    artifacts,
    archived_at: t.archived_at,
    created_at: t.created_at,
    updated_at: t.updated_at,
  };
}

/** The text kept: `version`, the digest of the body, the body (JSON), one per line; undefined when too long. */
export function encode(lists: LastLists): string | undefined {
  const body = JSON.stringify({
    ...lists,
    lists: Object.fromEntries(
      Object.entries(lists.lists).map(([k, tasks]) => [k, tasks.slice(0, MOST_TASKS_KEPT).map(rowFields)]),
    ),
  });
  const text = `${LAST_LISTS_VERSION}\n${digest(body)}\n${body}`;
  return text.length <= MOST_CHARS_KEPT ? text : undefined;
}

const isText = (v: unknown): v is string => typeof v === 'string';
const isRef = (v: unknown) => v === undefined || (isObject(v) && typeof v.id === 'number');
function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function isTask(v: unknown): v is Task {
  if (!isObject(v)) return false;
  const artifactOk = (a: unknown) =>
    isObject(a) && isText(a.provider) && isText(a.type) && isObject(a.data) && typeof a.data.id === 'number';
  return (
    isText(v.id) &&
    v.id !== '' &&
    isText(v.name) &&
    isText(v.state) &&
    isText(v.created_at) &&
    isText(v.updated_at) &&
    (v.archived_at === null || isText(v.archived_at)) &&
    (v.html_url === undefined || isText(v.html_url)) &&
    typeof v.session_count === 'number' &&
    Array.isArray(v.artifacts) &&
    v.artifacts.every(artifactOk) &&
    isRef(v.creator) &&
    isRef(v.repository)
  );
}

/**
 * Reads what was kept: the lists, or why they are ignored. A repository list found for folders no longer open is left
 * out (the user's own list still holds); anything else that does not match is ignored whole.
 */
export function decode(raw: unknown, expected: Expected): { lists?: LastLists; ignored: Ignored } {
  if (raw === undefined) return { ignored: 'none' };
  if (!isText(raw)) return { ignored: 'corrupted' };
  const [version, sum] = raw.split('\n', 2);
  if (version !== String(LAST_LISTS_VERSION)) return { ignored: /^\d+$/.test(version) ? 'version' : 'corrupted' };
  if (sum === undefined) return { ignored: 'corrupted' };
  const body = raw.slice(version.length + sum.length + 2);
  if (digest(body) !== sum) return { ignored: 'corrupted' };
  let kept: unknown;
  try {
    kept = JSON.parse(body);
  } catch {
    return { ignored: 'corrupted' };
  }
  if (
    !isObject(kept) ||
    !isText(kept.service) ||
    !(kept.user === undefined || typeof kept.user === 'number') ||
    !(kept.repo === undefined || (isText(kept.repo) && kept.repo.startsWith('repo:'))) ||
    !Array.isArray(kept.folders) ||
    !kept.folders.every(isText) ||
    typeof kept.savedAt !== 'number' ||
    !isObject(kept.lists)
  )
    return { ignored: 'corrupted' };
  const lists: Record<ListKey, Task[]> = {};
  for (const [key, tasks] of Object.entries(kept.lists)) {
    if ((key !== 'mine' && key !== kept.repo) || !Array.isArray(tasks) || !tasks.every(isTask))
      return { ignored: 'corrupted' };
    lists[key] = tasks.slice(0, MOST_TASKS_KEPT);
  }
  if (kept.service !== expected.service) return { ignored: 'service' };
  const sameFolders =
    kept.folders.length === expected.folders.length && kept.folders.every(f => expected.folders.includes(f));
  const out: LastLists = {
    service: kept.service,
    ...(kept.user !== undefined ? { user: kept.user } : {}),
    folders: kept.folders,
    savedAt: kept.savedAt,
    lists,
  };
  if (kept.repo && sameFolders) out.repo = kept.repo;
  else if (kept.repo) delete lists[kept.repo];
  if (!Object.keys(lists).length) return { ignored: kept.repo ? 'repository' : 'none' };
  return { lists: out, ignored: kept.repo && !out.repo ? 'repository' : 'none' };
}

/** The lists kept in the workspace's storage: read once at activation, written after a poll, dropped on sign-out. */
export class LastListsStore {
  private written: string | undefined;

  constructor(
    private readonly state: Kept,
    /** The workspace folders open now. */
    private readonly folders: () => string[],
  ) {}

  /** What is kept for this service, or why it is ignored. */
  read(service: string): { lists?: LastLists; ignored: Ignored } {
    return decode(this.state.get<unknown>(LAST_LISTS_KEY), { service, folders: this.folders() });
  }

  /** Writes the lists unless the same text is kept already; the storage writes the value whole or not at all. */
  write(lists: Omit<LastLists, 'folders' | 'savedAt'>, now = Date.now()): void {
    const text = encode({ ...lists, folders: this.folders(), savedAt: now });
    // The time alone moved: not worth a write.
    const same = text !== undefined && this.written !== undefined && sansTime(text) === sansTime(this.written);
    if (same) return;
    this.written = text;
    void this.state.update(LAST_LISTS_KEY, text);
  }

  drop(): void {
    if (this.written === undefined && this.state.get(LAST_LISTS_KEY) === undefined) return;
    this.written = undefined;
    void this.state.update(LAST_LISTS_KEY, undefined);
  }
}

const sansTime = (text: string) => text.slice(text.indexOf('\n', text.indexOf('\n') + 1)).replace(/"savedAt":\d+/, '');
