// The one way the agent's files reach the user's working tree: given the state each path is to have, it checks the
// paths (git's rules on every file system, collisions with the rest of the branch's tree, what is on disk), refuses
// when a path has uncommitted edits, names files that configure tools and asks once, has git write each file as a
// checkout would (stage.ts), then writes all or nothing (safeWrite.ts), keeping on disk what Undo needs. Apply Changes
// plans its targets from the branch (applyPlan.ts); anything else that writes the agent's files comes through here.
// Pure Node: no `vscode`.
import { createHash, randomBytes } from 'node:crypto';
import { createReadStream } from 'node:fs';
import * as fsp from 'node:fs/promises';
import * as path from 'node:path';
import { isGitError, type GitRunner } from '../../git/gitRunner';
import { diskProblems } from './diskCheck';
import { readAll } from './gitStream';
import { ApplyFailed, ApplyRefused, type PathProblem } from './landErrors';
import { MODE_LINK, pathProblem } from './pathRules';
import { Writer, sameAfter, stateAt, type After, type Step } from './safeWrite';
import { attributesAfter, stage } from './stage';
import { toolFilesOf, type ToolFile } from './toolFiles';
import { checkTree } from './treeCheck';
import { dropUndoFolder, undoFolder } from './undoStore';
import { dropPlanned, saveSteps, syncAll, writeJournal, type Planned } from './journal';
import { begin } from './beginJournal';
import { dirtyPaths } from './dirtyPaths';

/** A tree entry: its mode (`100644`, `100755`, `120000`) and blob. */
export interface Side {
  mode: string;
  blob: string;
}

/** What a path is to become: nothing, a blob of the branch (written as a checkout writes it), or bytes of a file. */
export type Want =
  | { kind: 'absent' }
  | { kind: 'blob'; mode: string; blob: string }
  /** A file of ours already in working-tree form (a merge's result): its bytes are written as they are. */
  | { kind: 'file'; file: string; exec: boolean };

export interface Target {
  path: string;
  want: Want;
  /** What the user's branch holds at the path (undefined: git tracks nothing there). */
  was?: Side;
}

export interface LandRequest {
  root: string;
  targets: readonly Target[];
  /** The tree the targets come from (the task's head): its other entries are checked against them, and its
   *  `.gitattributes` choose the conversions. Default: HEAD. */
  tree?: string;
  /** More paths that must have no uncommitted edit (those the plan read). */
  alsoClean?: readonly string[];
  /** Paths whose uncommitted edit is what an earlier land of ours wrote there, byte for byte: not refused. */
  ours?: ReadonlyMap<string, string>;
  /** The extension's storage folder: Undo's copies and the apply's journal go under it. */
  storage: string;
  /** The task the files are of, as the journal names it (a start that finds the apply cut off says it). */
  task?: { id: string; label: string };
  /** Asked once before writing when tool files are among the targets; false writes nothing. */
  confirmTools?(files: readonly ToolFile[]): Promise<boolean>;
}

/** What a land did: the paths it wrote, and what Undo needs (its steps and the folder of copies). */
export interface Landed {
  root: string;
  written: string[];
  tools: ToolFile[];
  steps: readonly Step[];
  copies: string;
}

const content = (t: Target): t is Target & { want: Exclude<Want, { kind: 'absent' }> } => t.want.kind !== 'absent';
const modeOf = (w: Want): string => (w.kind === 'blob' ? w.mode : w.kind === 'file' && w.exec ? '100755' : '100644');

async function hooksDir(git: GitRunner, root: string): Promise<string | undefined> {
  const set = await git.run({ cwd: root, args: ['config', '--get', 'core.hooksPath'] }).catch(() => '');
  const dir = set.trim();
  if (!dir) return undefined;
  const rel = path.relative(root, path.resolve(root, dir));
  return rel.startsWith('..') || path.isAbsolute(rel) ? undefined : rel.split(path.sep).join('/');
}

/** Every check that needs no write; throws ApplyRefused naming each path at fault. */
async function check(git: GitRunner, gitPath: string, r: LandRequest) {
  const unsafe: PathProblem[] = [];
  for (const t of r.targets) {
    const why = content(t) ? pathProblem(t.path, modeOf(t.want)) : pathProblem(t.path, '100644', false);
    if (why) unsafe.push({ path: t.path, why });
  }
  if (unsafe.length) throw new ApplyRefused('unsafe', unsafe);
  const written = new Map(r.targets.filter(content).map(t => [t.path, modeOf(t.want)]));
  const tree = await checkTree({ git: gitPath, cwd: r.root }, r.tree ?? 'HEAD', written);
  if (tree.problems.length) throw new ApplyRefused('unsafe', tree.problems);
  await checkDesk(git, r);
  return tree.attributes;
}

/** What the user has at the paths, looked at now: uncommitted edits, and what is on disk in the way. */
async function checkDesk(git: GitRunner, r: LandRequest): Promise<void> {
  await refuseDirty(git, r.root, [...r.targets.map(t => t.path), ...(r.alsoClean ?? [])], r.ours);
  const disk = await diskProblems(
    r.root,
    r.targets.map(t => ({ path: t.path, removes: !content(t), tracked: t.was !== undefined })),
  );
  if (disk.unsafe.length) throw new ApplyRefused('unsafe', disk.unsafe);
  if (disk.untracked.length) throw new ApplyRefused('untracked', disk.untracked);
}

/**
 * Refuses (writing nothing) when one of `paths` has an uncommitted edit or is a file git does not track — but for a
 * path of `ours` (path → SHA-256 of the bytes a land of ours left there) that still holds exactly those bytes.
 */
export async function refuseDirty(
  git: GitRunner,
  root: string,
  paths: readonly string[],
  ours?: ReadonlyMap<string, string>,
): Promise<void> {
  const dirty = await dirtyPaths(git, root);
  const busy: string[] = [];
  for (const p of new Set(paths)) {
    if (!dirty.has(p)) continue;
    const left = ours?.get(p);
    if (left === undefined || (await fileHash(path.join(root, ...p.split('/')))) !== left) busy.push(p);
  }
  if (busy.length)
    throw new ApplyRefused(
      'uncommitted',
      busy.map(p => ({ path: p, why: '' })),
    );
}

/** SHA-256 of a file's bytes (undefined when it cannot be read as a file), read as a stream. */
export async function fileHash(file: string): Promise<string | undefined> {
  try {
    const hash = createHash('sha256');
    for await (const chunk of createReadStream(file)) hash.update(chunk as Buffer);
    return hash.digest('hex');
  } catch {
    return undefined;
  }
}

async function blobBytes(gitPath: string, root: string, blob: string): Promise<Buffer> {
  return readAll({ git: gitPath, cwd: root, args: ['cat-file', 'blob', blob] });
}

async function toolsOf(git: GitRunner, gitPath: string, r: LandRequest): Promise<ToolFile[]> {
  const byPath = new Map(r.targets.map(t => [t.path, t]));
  const version = async (t: Target | undefined, after: boolean): Promise<Buffer | undefined> => {
    if (!t) return undefined;
    if (!after) return t.was ? blobBytes(gitPath, r.root, t.was.blob) : undefined;
    if (t.want.kind === 'blob') return blobBytes(gitPath, r.root, t.want.blob);
    return t.want.kind === 'file' ? fsp.readFile(t.want.file) : undefined;
  };
  return toolFilesOf(
    r.targets.map(t => ({ path: t.path })),
    async c => [await version(byPath.get(c.path), false), await version(byPath.get(c.path), true)],
    await hooksDir(git, r.root),
  );
}

/** Lands `r.targets` all or nothing; throws ApplyRefused (nothing written) or ApplyFailed (all put back). */
export async function land(git: GitRunner, gitPath: string, r: LandRequest): Promise<Landed> {
  await check(git, gitPath, r);
  const tools = await toolsOf(git, gitPath, r);
  if (tools.length && r.confirmTools) {
    if (!(await r.confirmTools(tools))) throw new ApplyRefused('declined', []);
    await checkDesk(git, r); // the question may have stayed open while the user went on editing
  }
  const copies = await undoFolder(r.storage);
  let keep = false;
  try {
    const blobs = r.targets.flatMap(t =>
      t.want.kind === 'blob' && t.want.mode !== MODE_LINK ? [{ path: t.path, ...t.want }] : [],
    );
    const gitDir = (await git.run({ cwd: r.root, args: ['rev-parse', '--absolute-git-dir'] })).trim();
    // git writes every file (its filters run) before anything is written: a filter that fails writes nothing.
    // The attributes the user has, and those of this change they said yes to: no filter the branch alone chose.
    const attributes = await attributesAfter({ git: gitPath, cwd: r.root }, r.targets);
    const staged = await stage(
      { git: gitPath, cwd: r.root, gitDir },
      path.join(copies, 'stage'),
      blobs,
      attributes,
    ).catch((e: unknown) => {
      if (!isGitError(e)) throw e;
      const said = e.stderr.split('\n').filter(Boolean).slice(-2).join(' ');
      throw new ApplyRefused('convert', [{ path: '', why: said || e.message }]);
    });
    const order = [
      ...r.targets.filter(x => !content(x)),
      ...r.targets.filter(content).sort((a, b) => (a.path < b.path ? -1 : 1)),
    ];
    const id = randomBytes(6).toString('hex');
    const tmps = new Map(order.map((t, i) => [t.path, `.agent-tasks-${id}-${i}.tmp`]));
    const w = await Writer.open(r.root, copies, rel => tmps.get(rel));
    const planned = await plan(gitPath, r.root, copies, order, staged);
    const journal = await begin(w, r, copies, order, planned, tmps);
    keep = true; // from here on, the journal says what the folder holds
    let at = '';
    try {
      for (const [i, t] of order.entries()) {
        const p = planned[i];
        at = t.path;
        if (p.kind === 'absent') await w.remove(t.path);
        else if (p.kind === 'link') await w.putLink(t.path, p.target);
        else await w.putFile(t.path, path.join(copies, p.src), p.exec);
      }
    } catch (e) {
      const failed = await w.rollback();
      const why = e instanceof Error ? ((e as { why?: string }).why ?? e.message) : String(e);
      // Put back whole: the journal goes with the folder; else it stays, for the next start to offer again.
      keep = failed.length > 0;
      throw new ApplyFailed(at, why, failed, copies);
    }
    // Undo's record, once what was written is on disk: if this is cut off (even the machine), the journal still says
    // `writing`, and either end can be chosen.
    const put = w.steps.flatMap(x => (x.kind === 'put' && x.after.kind === 'file' ? [x.rel] : []));
    await syncAll(put.map(rel => path.join(r.root, ...rel.split('/'))));
    const saved = await writeJournal(copies, { ...journal, state: 'done', steps: saveSteps(w.steps, copies) }).then(
      () => true,
      () => false,
    );
    if (saved) await dropPlanned(copies);
    return { root: r.root, written: r.targets.map(t => t.path), tools, steps: w.steps, copies };
  } finally {
    if (!keep) dropUndoFolder(copies);
  }
}

/** What each path is to hold, as a file of ours in the apply's folder (a merge's moved there), a link or nothing. */
async function plan(
  gitPath: string,
  root: string,
  copies: string,
  order: readonly Target[],
  staged: (p: string) => string,
): Promise<Planned[]> {
  const dir = path.join(copies, 'planned');
  await fsp.mkdir(dir, { recursive: true });
  const out: Planned[] = [];
  for (const [i, t] of order.entries()) {
    const w = t.want;
    if (w.kind === 'absent') out.push({ kind: 'absent' });
    else if (w.kind === 'blob' && w.mode === MODE_LINK)
      out.push({ kind: 'link', target: (await blobBytes(gitPath, root, w.blob)).toString('utf8') });
    else if (w.kind === 'blob')
      out.push({ kind: 'file', src: path.relative(copies, staged(t.path)), exec: w.mode === '100755' });
    else {
      const to = path.join(dir, String(i));
      await fsp.rename(w.file, to).catch(() => fsp.copyFile(w.file, to));
      out.push({ kind: 'file', src: path.relative(copies, to), exec: w.exec });
    }
  }
  await syncAll(out.flatMap(p => (p.kind === 'file' ? [path.join(copies, p.src)] : [])));
  return out;
}

/** What undoing did: paths put back, and paths left because they changed after the apply. */
export interface Undone {
  restored: string[];
  changedSince: string[];
  /** Files put back as they were found (`was`), now on disk as `now`: the same bytes, a new file. */
  putBack: { rel: string; was: After; now: After }[];
}

/** Puts back every path the land wrote, unless it was changed since (then it is left, and named). */
export async function undoLanded(landed: Landed): Promise<Undone> {
  const restored: string[] = [];
  const changedSince: string[] = [];
  const putBack: Undone['putBack'] = [];
  const w = await Writer.open(landed.root, path.join(landed.copies, 'undo'));
  for (const s of [...landed.steps].reverse()) {
    if (s.kind !== 'put') continue;
    const now = await stateAt(path.join(landed.root, ...s.rel.split('/')));
    if (!sameAfter(now, s.after)) {
      changedSince.push(s.rel);
      continue;
    }
    await w.restore(s.rel, s.before);
    restored.push(s.rel);
    if (s.before.kind === 'file' && s.before.was)
      putBack.push({ rel: s.rel, was: s.before.was, now: await stateAt(path.join(landed.root, ...s.rel.split('/'))) });
  }
  for (const s of [...landed.steps].reverse())
    if (s.kind === 'mkdir') await fsp.rmdir(path.join(landed.root, ...s.rel.split('/'))).catch(() => undefined);
  await fsp.rm(landed.copies, { recursive: true, force: true });
  return { restored: [...new Set(restored)].sort(), changedSince: [...new Set(changedSince)].sort(), putBack };
}
