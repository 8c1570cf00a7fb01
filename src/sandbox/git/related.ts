// Which files of a branch a prompt means: the ones it names (a path, or a file name found at the end of a path),
// the removals and moves it asks for that the branch allows, else the file most related to its words.
import { createHash } from 'node:crypto';
import * as path from 'node:path';
import type { FileOp } from './commits';
import { type Request, type Reshape, TEST_STEMS, wordsOf } from './request';
import type { Tree } from './tree';

const CODE = /\.(ts|tsx|mts|cts|js|jsx|mjs|cjs|py|go|rs|java|kt|rb|c|h|cc|cpp|cs|swift|php|sh)$/;
const DOCS = /\.(md|markdown|txt|rst)$/i;
const TOOLING = /(^|\/)(package(-lock)?\.json|tsconfig[^/]*\.json|[^/]*\.lock)$/;
const MAX_READ = 256 * 1024;
const MAX_SCORED = 400;

export const isTest = (p: string): boolean =>
  /(^|\/)(test|tests|__tests__|spec)\//.test(p) || /\.(test|spec)\.[^/]+$/.test(p) || /(^|\/)test_[^/]*\.py$/.test(p);
export const isReadme = (p: string): boolean => /^readme(\.[a-z]+)?$/i.test(p);
export const isCode = (p: string): boolean => CODE.test(p);
export const isDoc = (p: string): boolean => DOCS.test(p);
const hidden = (p: string): boolean => p.startsWith('.') || p.includes('/.');

/** A number below `n` from the seed and a label. */
export function pick(seed: string, label: string, n: number): number {
  return createHash('sha256').update(`${seed}\0${label}`).digest().readUInt32BE(0) % n;
}

/** The files a name written in a prompt means: that path, else the files whose path ends with it (at most 3). */
export function resolve(tree: Tree, name: string): string[] {
  const n = name.replace(/^\/+/, '').replace(/\/+$/, '');
  if (tree.has(n)) return [n];
  const lower = n.toLowerCase();
  const paths = tree.paths();
  const same = paths.filter(p => p.toLowerCase() === lower);
  if (same.length > 0) return same.slice(0, 1);
  const tail = paths.filter(p => p.toLowerCase().endsWith(`/${lower}`));
  return tail.length <= 3 ? tail : [];
}

const under = (tree: Tree, dir: string): string[] => {
  const d = dir.replace(/^\/+/, '').replace(/\/+$/, '');
  return d ? tree.paths().filter(p => p.startsWith(`${d}/`)) : [];
};

/**
 * Where a move sends `file`: into a folder (`x/`, or a name without extension), beside it (a bare file name), or as
 * written.
 */
function destination(tree: Tree, file: string, r: Extract<Reshape, { op: 'rename' }>, folder?: string): string {
  const to = r.to.replace(/^\/+/, '');
  if (folder) return `${to.replace(/\/+$/, '')}/${file.slice(folder.length + 1)}`;
  const isDir = to.endsWith('/') || !/\.[A-Za-z0-9]+$/.test(to) || under(tree, to).length > 0;
  if (isDir) return `${to.replace(/\/+$/, '')}/${path.posix.basename(file)}`;
  if (!to.includes('/')) {
    const dir = path.posix.dirname(file);
    return dir === '.' ? to : `${dir}/${to}`;
  }
  return to;
}

/** Whether a file may be written at `to`: nothing there, no file where one of its folders would be. */
function free(tree: Tree, to: string, taken: Set<string>): boolean {
  if (tree.has(to) || taken.has(to) || under(tree, to).length > 0) return false;
  const parts = to.split('/');
  for (let i = 1; i < parts.length; i++) if (tree.has(parts.slice(0, i).join('/'))) return false;
  return true;
}

/** The removals and moves asked for, as file operations on the files that exist; `said`, each in words. */
export function reshapeOps(
  tree: Tree,
  reshapes: readonly Reshape[],
): { ops: FileOp[]; said: string[]; gone: Map<string, string | null> } {
  const ops: FileOp[] = [];
  const said: string[] = [];
  /** Each file removed (null) or moved (its new path). */
  const gone = new Map<string, string | null>();
  const taken = new Set<string>();
  for (const r of reshapes) {
    let files = r.path.endsWith('/') ? [] : resolve(tree, r.path);
    let folder: string | undefined;
    if (files.length === 0) {
      files = under(tree, r.path);
      if (files.length > 0) folder = r.path.replace(/^\/+/, '').replace(/\/+$/, '');
    }
    files = files.filter(f => !gone.has(f));
    if (files.length === 0) continue;
    const moved: string[] = [];
    for (const f of files) {
      if (r.op === 'delete') {
        ops.push({ op: 'delete', path: f });
        gone.set(f, null);
        moved.push(f);
        continue;
      }
      const to = destination(tree, f, r, folder);
      if (to === f || !free(tree, to, taken)) continue;
      ops.push({ op: 'rename', from: f, path: to });
      gone.set(f, to);
      taken.add(to);
      moved.push(f);
    }
    if (moved.length === 0) continue;
    const what = folder && moved.length === files.length ? `${folder}/` : moved.join(', ');
    said.push(r.op === 'delete' ? `remove ${what}` : `move ${what} to ${r.to}`);
  }
  return { ops, said, gone };
}

/** A file the agent may edit as text (not binary, not huge). */
export async function editable(tree: Tree, p: string): Promise<string | undefined> {
  const data = await tree.read(p);
  if (!data || data.length > MAX_READ || data.includes(0)) return undefined;
  return data.toString('utf8');
}

/** The files the prompt names that exist, and those it names that do not (with a known extension) to create. */
export function namedFiles(
  tree: Tree,
  req: Request,
  gone: ReadonlyMap<string, string | null>,
): { edit: string[]; create: string[] } {
  const edit: string[] = [];
  const create: string[] = [];
  for (const name of req.named) {
    const found = resolve(tree, name).filter(p => !gone.has(p));
    for (const p of found) if (!edit.includes(p)) edit.push(p);
    if (found.length === 0 && name.includes('/') && (CODE.test(name) || DOCS.test(name)) && !name.endsWith('/'))
      if (!tree.paths().some(p => p.startsWith(`${name}/`))) create.push(name.replace(/^\/+/, ''));
  }
  return { edit, create };
}

/**
 * The file most related to the prompt's words: each word its path holds counts 3, each its text holds 1; at least 2
 * in all. Tests are candidates when the prompt mentions one without asking for a new one ("fix the flaky test"), and
 * then win a tie; ties go to the path with fewer other words, then to code, then to the seed's pick.
 */
export async function relatedFile(tree: Tree, req: Request, seed: string): Promise<string | undefined> {
  if (req.words.length === 0) return undefined;
  const want = new Set(req.words);
  const aboutTests = req.wantsTest && !req.addsTest;
  const candidates = tree
    .paths()
    .filter(
      p =>
        !hidden(p) &&
        !isReadme(p) &&
        !TOOLING.test(p) &&
        (CODE.test(p) || DOCS.test(p)) &&
        (aboutTests || !isTest(p)) &&
        tree.mode(p) === '100644',
    )
    .slice(0, MAX_SCORED);
  await tree.readMany(candidates);
  const scored: Array<{ p: string; score: number; rank: number[] }> = [];
  for (const p of candidates) {
    const inPath = new Set(wordsOf(p).filter(w => w.length >= 3 && !TEST_STEMS.has(w)));
    const text = await editable(tree, p);
    if (text === undefined) continue;
    const inText = new Set(wordsOf(text));
    let score = 0;
    for (const w of want) score += (inPath.has(w) ? 3 : 0) + (inText.has(w) ? 1 : 0);
    const other = [...inPath].filter(w => !want.has(w)).length;
    if (score >= 2)
      scored.push({ p, score, rank: [-score, aboutTests && isTest(p) ? 0 : 1, other, CODE.test(p) ? 0 : 1] });
  }
  if (scored.length === 0) return undefined;
  const cmp = (a: number[], b: number[]) => a.findIndex((x, i) => x !== b[i]);
  scored.sort((a, b) => {
    const i = cmp(a.rank, b.rank);
    return i < 0 ? 0 : a.rank[i] - b.rank[i];
  });
  const best = scored.filter(x => cmp(x.rank, scored[0].rank) < 0).map(x => x.p);
  return best[pick(seed, 'related', best.length)];
}
