// The user's working tree, read and written file by file: what git calls dirty, a file's bytes and mode, and writes
// that never leave the repository (no `..`, no `.git`, no path through a symbolic link). Pure Node: no `vscode`.
import * as fs from 'node:fs';
import * as fsp from 'node:fs/promises';
import * as path from 'node:path';
import type { GitRunner } from '../changes/gitRunner';

/** A file as it is on disk: its bytes and whether it is executable; undefined content: absent. */
export interface FileState {
  content?: Buffer;
  executable?: boolean;
  /** A symbolic link's target. */
  link?: string;
}

/**
 * The paths git reports as changed in the working tree or the index (staged or not) and the untracked files
 * (ignored ones left out), relative to the root, as git spells them.
 */
export async function dirtyPaths(git: GitRunner, root: string): Promise<Set<string>> {
  const out = await git.run({
    cwd: root,
    // No optional locks: status would otherwise refresh the index's cached file times, a write to the index.
    args: ['--no-optional-locks', 'status', '--porcelain=v1', '-z', '--untracked-files=all', '--no-renames'],
  });
  const paths = new Set<string>();
  for (const entry of out.split('\0')) if (entry.length > 3) paths.add(entry.slice(3));
  return paths;
}

/** Whether `rel` (a path from git) may be written under `root`: relative, no `..` or `.git` segment, no NUL. */
export function safeRelative(rel: string): boolean {
  if (rel.length === 0 || rel.includes('\0') || path.isAbsolute(rel) || rel.startsWith('/')) return false;
  return rel.split('/').every(seg => seg !== '' && seg !== '.' && seg !== '..' && seg.toLowerCase() !== '.git');
}

/** The absolute path of `rel` under `root`, once no directory on the way is a symbolic link; else undefined. */
export async function insideRoot(root: string, rel: string): Promise<string | undefined> {
  if (!safeRelative(rel)) return undefined;
  const segs = rel.split('/');
  let dir = root;
  for (const seg of segs.slice(0, -1)) {
    dir = path.join(dir, seg);
    const st = await fsp.lstat(dir).catch(() => undefined);
    if (!st) break; // made when written
    if (!st.isDirectory()) return undefined;
  }
  return path.join(root, ...segs);
}

export async function readState(abs: string): Promise<FileState> {
  const st = await fsp.lstat(abs).catch(() => undefined);
  if (!st) return {};
  if (st.isSymbolicLink()) return { link: await fsp.readlink(abs) };
  if (!st.isFile()) return {};
  return { content: await fsp.readFile(abs), executable: (st.mode & 0o111) !== 0 };
}

/** Puts `state` at `abs` (removing the file when it is absent), making the directories it needs. */
export async function writeState(abs: string, state: FileState): Promise<void> {
  const st = await fsp.lstat(abs).catch(() => undefined);
  if (state.content === undefined && state.link === undefined) {
    if (st) await fsp.rm(abs, { force: true });
    await removeEmptyParents(abs);
    return;
  }
  await fsp.mkdir(path.dirname(abs), { recursive: true });
  if (st && (st.isSymbolicLink() || state.link !== undefined)) await fsp.rm(abs, { force: true });
  if (state.link !== undefined) {
    await fsp.symlink(state.link, abs);
    return;
  }
  await fsp.writeFile(abs, state.content!);
  const mode = state.executable ? 0o755 : 0o644;
  if (!st || (st.mode & 0o777) !== mode) await fsp.chmod(abs, mode);
}

/** Removes the directories left empty by a removed file, up to (not including) the first one that holds anything. */
async function removeEmptyParents(abs: string): Promise<void> {
  let dir = path.dirname(abs);
  for (let i = 0; i < 64; i++) {
    if (fs.existsSync(path.join(dir, '.git'))) return;
    const left = await fsp.readdir(dir).catch(() => undefined);
    if (!left || left.length > 0) return;
    await fsp.rmdir(dir).catch(() => undefined);
    dir = path.dirname(dir);
  }
}

export function sameState(a: FileState, b: FileState): boolean {
  if (a.link !== undefined || b.link !== undefined) return a.link === b.link;
  if (a.content === undefined || b.content === undefined) return a.content === b.content;
  return a.content.equals(b.content) && !!a.executable === !!b.executable;
}
