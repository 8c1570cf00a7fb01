// The agent's work on the sessions' branches of one repository, written in one `git fast-import` run: the commits a
// world task spells out, or generated ones (git/work) — one when a session starts, one for each further move into
// `in_progress`, a last one when it completes. What a branch already holds is read from the marks of its commits
// (git/commits), so replaying a task after a restart or a crash adds only the commits it lacks.
import { DEFAULT_BRANCH, type RepoRec, type TaskRec } from '../state';
import type { WorldCommit } from '../world';
import { type AgentCommit, type FileOp, type Mark, agentCommitInput, isBranchName, readMark } from './commits';
import { Tree, parseBatch } from './tree';
import { type WorkKind, generatedWork } from './work';

/** Generated commits per task at most, whatever its number of steps. */
const MAX_GENERATED = 20;

export interface AgentGit {
  text(args: string[], input?: string | Buffer): Promise<string>;
  bytes(args: string[], input: string | Buffer): Promise<Buffer>;
  log(line: string): void;
  cache: WorkCache;
}

/**
 * What the agent knows of one repository between runs, so that a run usually needs two git programs (the branches'
 * tips, then fast-import) however busy the tasks are: trees by commit (the default branch's, and those it wrote
 * itself), blobs by id, and each task's work. Only the sandbox writes these repositories, so this stays true until
 * a reset makes the repository anew (and a new cache with it).
 */
export class WorkCache {
  readonly trees = new Map<string, Tree>();
  readonly blobs = new Map<string, Buffer>();
  readonly done = new Map<string, Done>();
}

function remember<K, V>(map: Map<K, V>, key: K, value: V, max: number): void {
  map.delete(key);
  if (map.size >= max) map.delete(map.keys().next().value as K);
  map.set(key, value);
}

/** The changes of a spelled commit (world-check has checked its shape). */
export function spelledOps(c: WorldCommit): FileOp[] {
  const ops: FileOp[] = [];
  for (const [p, v] of Object.entries(c.files)) {
    if (v === null) ops.push({ op: 'delete', path: p });
    else if (typeof v === 'string') ops.push({ op: 'write', path: p, data: Buffer.from(v, 'utf8') });
    else if ('base64' in v) ops.push({ op: 'write', path: p, data: Buffer.from(v.base64, 'base64') });
    else {
      ops.push({ op: 'rename', from: v.from, path: p });
      if (v.text !== undefined) ops.push({ op: 'write', path: p, data: Buffer.from(v.text, 'utf8') });
    }
  }
  return ops;
}

type Planned = { n: number; kind: WorkKind | 'spelled' };

/**
 * What happened to a task's session, in order: `run` (it moved into `in_progress`: a start, then a step each time),
 * `done` (it completed: a last commit), `seen` (it has a session: at least its start). `run` adds a commit whatever
 * the branch holds; `seen` and `done` only what it lacks, so the state of a task at load can be replayed any time.
 */
export type WorkEvent = 'run' | 'done' | 'seen';

/** What a task's state alone implies, without the steps it took: replayed at every load. */
export function eventsOf(t: TaskRec): WorkEvent[] {
  if (t.sessions.length === 0) return [];
  return t.sessions[t.sessions.length - 1].state === 'completed' ? ['seen', 'done'] : ['seen'];
}

/** What a move of a task with a session means for its work. */
export function eventOfMove(t: TaskRec): WorkEvent {
  return t.state === 'in_progress' ? 'run' : t.state === 'completed' ? 'done' : 'seen';
}

/** A task's work on its branch so far: its last mark and how many of its commits were not last ones. */
export interface Done {
  last: Mark | undefined;
  runs: number;
}

/** The commits `t` lacks after `done`, given what happened since: spelled ones all at once, or generated ones. */
function lacking(t: TaskRec, done: Done, events: readonly WorkEvent[]): Planned[] {
  let n = done.last?.n ?? 0;
  const out: Planned[] = [];
  if (t.commits) {
    if (events.length > 0) while (n < t.commits.length) out.push({ n: ++n, kind: 'spelled' });
    return out;
  }
  let runs = done.runs;
  let final = done.last?.final ?? false;
  const run = (kind: WorkKind): void => {
    out.push({ n: ++n, kind });
    runs++;
    final = false;
  };
  for (const e of events) {
    if (runs === 0) run('start');
    else if (e === 'run' && runs < MAX_GENERATED) run('step');
    if (e === 'done' && !final) {
      out.push({ n: ++n, kind: 'final' });
      final = true;
    }
  }
  return out;
}

function secondsOf(t: TaskRec, kind: Planned['kind']): number {
  const first = t.sessions[0];
  const last = t.sessions[t.sessions.length - 1];
  const ms =
    kind === 'start' || kind === 'spelled'
      ? first.createdMs
      : kind === 'step'
        ? last.updatedMs
        : (last.completedMs ?? last.updatedMs);
  return Math.floor(ms / 1000);
}

/**
 * Writes what the tasks lack on their head_ref after what happened to them (`events`): on top of it if it exists,
 * else on a new branch from base_ref, else from the default branch. `made`: the repository is new (only its default
 * branch).
 */
export async function writeWork(
  g: AgentGit,
  repo: RepoRec,
  events: ReadonlyMap<TaskRec, readonly WorkEvent[]>,
  made: boolean,
): Promise<void> {
  const list = [...events.keys()]
    .filter(t => t.sessions.length > 0 && isBranchName(t.head_ref))
    .sort((a, b) => a.seq - b.seq);
  if (list.length === 0) return;
  const dflt = repo.default_branch ?? DEFAULT_BRANCH;
  // A repository just made has its default branch only.
  const names = made
    ? [dflt]
    : [...new Set([dflt, ...list.flatMap(t => [t.head_ref, t.base_ref])])].filter(isBranchName);
  const tips = new Map<string, string>();
  const out = (await g.text(['cat-file', '--batch-check'], `${names.map(n => `refs/heads/${n}`).join('\n')}\n`)).split(
    '\n',
  );
  names.forEach((n, i) => {
    const m = /^([0-9a-f]+) commit /.exec(out[i]);
    if (m) tips.set(n, m[1]);
  });
  const { cache } = g;
  const unknown = list.filter(t => !cache.done.has(t.id));
  const marks = await readMarks(g, [...new Set(unknown.map(t => tips.get(t.head_ref)).filter(Boolean))] as string[]);
  for (const t of list) if (cache.done.has(t.id)) marks.set(t.id, cache.done.get(t.id)!);
  const readBlobs = async (ids: string[]): Promise<Map<string, Buffer>> => {
    const want = ids.filter(id => !cache.blobs.has(id));
    if (want.length > 0)
      for (const [id, b] of parseBatch(await g.bytes(['cat-file', '--batch'], `${want.join('\n')}\n`)))
        remember(cache.blobs, id, b, 1024);
    return new Map(ids.filter(id => cache.blobs.has(id)).map(id => [id, cache.blobs.get(id)!]));
  };
  const treeAt = async (commit: string): Promise<Tree> => {
    let tree = cache.trees.get(commit);
    if (!tree) {
      tree = Tree.parse(await g.text(['ls-tree', '-r', '-z', '--full-tree', commit]), readBlobs);
      remember(cache.trees, commit, tree, 64);
    }
    return tree.copy();
  };
  // Branches written earlier in this run continue by themselves; naming them again would be refused.
  const written = new Map<string, Tree>();
  const startOf = (b: string): { from: string; tree: () => Promise<Tree> } | undefined => {
    const w = written.get(b);
    if (w) return { from: `refs/heads/${b}`, tree: () => Promise.resolve(w.copy()) };
    const tip = tips.get(b);
    return tip ? { from: tip, tree: () => treeAt(tip) } : undefined;
  };
  const input: Buffer[] = [];
  // The work each task will have once this run is written, and the fast-import mark of each branch's last commit.
  const after = new Map<string, Done>();
  const lastOf = new Map<string, number>();
  for (const t of list) {
    const planned = lacking(t, marks.get(t.id) ?? { last: undefined, runs: 0 }, events.get(t) ?? []);
    if (planned.length === 0) continue;
    let from: string | undefined;
    let tree = written.get(t.head_ref);
    if (!tree) {
      const start =
        startOf(t.head_ref) ?? (isBranchName(t.base_ref) ? startOf(t.base_ref) : undefined) ?? startOf(dflt);
      if (!start) continue;
      from = start.from;
      tree = await start.tree();
    }
    let seconds = 0;
    for (const p of planned) {
      seconds = Math.max(seconds, secondsOf(t, p.kind));
      const work =
        p.kind === 'spelled'
          ? { message: t.commits![p.n - 1].message, ops: spelledOps(t.commits![p.n - 1]) }
          : await generatedWork(tree, t.prompt, t.name, p.n, p.kind, t.model);
      const c: AgentCommit = { ...work, seconds, mark: { task: t.id, n: p.n, final: p.kind === 'final' } };
      lastOf.set(t.head_ref, input.length + 1);
      input.push(agentCommitInput(t.head_ref, from, c, input.length + 1));
      tree.apply(work.ops);
      from = undefined;
    }
    written.set(t.head_ref, tree);
    const was = marks.get(t.id);
    const last = planned[planned.length - 1];
    after.set(t.id, {
      last: { task: t.id, n: last.n, final: last.kind === 'final' },
      runs: (was?.runs ?? 0) + planned.filter(p => p.kind !== 'final').length,
    });
  }
  if (input.length === 0) return;
  const branches = [...lastOf];
  for (const [, mark] of branches) input.push(Buffer.from(`get-mark :${mark}\n`));
  try {
    const ids = (await g.text(['fast-import', '--quiet'], Buffer.concat(input))).split('\n');
    branches.forEach(([b], i) => {
      if (/^[0-9a-f]{40,64}$/.test(ids[i] ?? '')) remember(cache.trees, ids[i], written.get(b)!, 64);
    });
    for (const [id, d] of after) cache.done.set(id, d);
  } catch (e) {
    // One bad branch (say `a` beside an existing `a/b`, or a spelled rename of a file its base lacks) fails the
    // whole run: say so, and keep the others.
    g.log(`${repo.ownerAccount.login}/${repo.name}: ${(e as Error).message}`);
    if (list.length > 1)
      for (const t of list)
        await writeWork(g, repo, new Map([[t, events.get(t) ?? []]]), false).catch(err => g.log(String(err)));
  }
}

/** Each task's work on the given commits' history, from the marks of its commits. */
async function readMarks(g: AgentGit, tips: string[]): Promise<Map<string, Done>> {
  const marks = new Map<string, Done>();
  if (tips.length === 0) return marks;
  for (const line of (await g.text(['log', '--format=%ce', '--stdin'], `${tips.join('\n')}\n`)).split('\n')) {
    const m = readMark(line);
    if (!m) continue;
    const d = marks.get(m.task) ?? { last: undefined, runs: 0 };
    if ((d.last?.n ?? 0) < m.n) d.last = m;
    if (!m.final) d.runs++;
    marks.set(m.task, d);
  }
  return marks;
}
