// Writes into the user's working tree, each checked at the moment it is made: every folder on the way is a real
// folder (made when missing, never a symbolic link) whose real path is inside the repository; a file goes in whole
// (written aside, then renamed over its path, so no link at the path is followed); whatever was there is first copied
// to Undo's folder. Each step is written down, so that a failure puts everything back (`rollback`) and Undo can later
// do the same for what nobody changed since. Pure Node: no `vscode`.
import { randomBytes } from 'node:crypto';
import * as fs from 'node:fs';
import * as fsp from 'node:fs/promises';
import * as path from 'node:path';
import * as l10n from '@vscode/l10n';

/** What a path held before a step: Undo's copy of a file, a link's target, or nothing. */
export type Before =
  | { kind: 'absent' }
  /** `was`: the file that was copied, as it was found (an earlier apply's Undo knows its own file by it). */
  | { kind: 'file'; copy: string; mode: number; was?: After }
  | { kind: 'link'; target: string };
/**
 * What a step left at a path: nothing, a link, or a file known by its size, time and inode as git knows its files
 * (an edit made since changes one of them), so that no file is read again to tell.
 */
export type After =
  | { kind: 'absent' }
  | { kind: 'file'; size: number; mtimeMs: number; ino: number; exec: boolean }
  | { kind: 'link'; target: string };

export type Step =
  | { kind: 'mkdir'; rel: string }
  | { kind: 'rmdir'; rel: string }
  | { kind: 'put'; rel: string; before: Before; after: After };

/** A write refused at the moment it was to be made. */
export class UnsafeWrite extends Error {
  constructor(
    readonly path: string,
    readonly why: string,
  ) {
    super(`${path}: ${why}`);
    this.name = 'UnsafeWrite';
  }
}

const lstat = (abs: string) => fsp.lstat(abs).catch(() => undefined);

const fileAfter = (st: fs.Stats): After => ({
  kind: 'file',
  size: st.size,
  mtimeMs: st.mtimeMs,
  ino: st.ino,
  exec: (st.mode & 0o100) !== 0,
});

/** What is at `abs` now, in the terms of `After`. */
export async function stateAt(abs: string): Promise<After> {
  const st = await lstat(abs);
  if (!st) return { kind: 'absent' };
  if (st.isSymbolicLink()) return { kind: 'link', target: await fsp.readlink(abs) };
  // An empty folder holds nothing git knows of: it is where a folder of the apply's was emptied.
  if (st.isDirectory() && (await fsp.readdir(abs)).length === 0) return { kind: 'absent' };
  if (!st.isFile()) return { kind: 'link', target: '\0not a file' };
  return fileAfter(st);
}

export function sameAfter(a: After, b: After): boolean {
  if (a.kind === 'file' && b.kind === 'file')
    return a.size === b.size && a.mtimeMs === b.mtimeMs && a.ino === b.ino && a.exec === b.exec;
  if (a.kind === 'link' && b.kind === 'link') return a.target === b.target;
  return a.kind === 'absent' && b.kind === 'absent';
}

/** The mode git gives a file it writes: 0666 or 0777, less the process's umask. */
const modeFor = (exec: boolean): number => (exec ? 0o777 : 0o666) & ~process.umask();

export class Writer {
  readonly steps: Step[] = [];
  private copied = 0;

  private constructor(
    readonly root: string,
    private readonly realRoot: string,
    /** Where copies of what is replaced go (Undo's folder, in the extension's storage). */
    private readonly copies: string,
  ) {}

  static async open(root: string, copies: string): Promise<Writer> {
    await fsp.mkdir(copies, { recursive: true });
    return new Writer(root, await fsp.realpath(root), copies);
  }

  private abs(rel: string): string {
    return path.join(this.root, ...rel.split('/'));
  }

  /** The folder of `rel`, checked now (made when missing and `create`); undefined when missing and not made. */
  private async parent(rel: string, create: boolean): Promise<string | undefined> {
    const parts = rel.split('/');
    let dir = this.root;
    for (let i = 0; i < parts.length - 1; i++) {
      dir = path.join(dir, parts[i]);
      const here = parts.slice(0, i + 1).join('/');
      let st = await lstat(dir);
      if (!st) {
        if (!create) return undefined;
        await fsp.mkdir(dir).catch((e: NodeJS.ErrnoException) => {
          if (e.code !== 'EEXIST') throw e;
        });
        this.steps.push({ kind: 'mkdir', rel: here });
        st = await lstat(dir);
      }
      if (st?.isSymbolicLink()) throw new UnsafeWrite(rel, l10n.t('{0} is a symbolic link', here));
      if (!st?.isDirectory()) throw new UnsafeWrite(rel, l10n.t('{0} is not a folder', here));
    }
    const real = await fsp.realpath(dir);
    if (real !== this.realRoot && !real.startsWith(this.realRoot + path.sep))
      throw new UnsafeWrite(rel, l10n.t('its folder is outside the repository'));
    return dir;
  }

  /** Copies what is at `abs` aside; an empty folder there (its files removed before) is removed. */
  private async keep(rel: string, abs: string): Promise<Before> {
    const st = await lstat(abs);
    if (!st) return { kind: 'absent' };
    if (st.isSymbolicLink()) return { kind: 'link', target: await fsp.readlink(abs) };
    if (st.isDirectory()) {
      if ((await fsp.readdir(abs)).length > 0) throw new UnsafeWrite(rel, l10n.t('a folder with files in it is there'));
      await fsp.rmdir(abs);
      this.steps.push({ kind: 'rmdir', rel });
      return { kind: 'absent' };
    }
    if (!st.isFile()) throw new UnsafeWrite(rel, l10n.t('something that is not a file is there'));
    const copy = path.join(this.copies, String(this.copied++));
    await fsp.copyFile(abs, copy, fs.constants.COPYFILE_EXCL);
    return { kind: 'file', copy, mode: st.mode & 0o777, was: fileAfter(st) };
  }

  /**
   * Writes the bytes of `from` (a file of ours, moved away when it is on the same disk, else copied by the system,
   * never read into memory) at `rel`, through a new file renamed into place.
   */
  async putFile(rel: string, from: string, exec: boolean, move = false): Promise<void> {
    const dir = (await this.parent(rel, true))!;
    const abs = path.join(dir, path.basename(this.abs(rel)));
    const before = await this.keep(rel, abs);
    const after = await this.placeFile(dir, abs, from, modeFor(exec), move);
    this.steps.push({ kind: 'put', rel, before, after });
  }

  private async placeFile(dir: string, abs: string, from: string, mode: number, move: boolean): Promise<After> {
    const tmp = path.join(dir, `.agent-tasks-${randomBytes(6).toString('hex')}.tmp`);
    try {
      const moved =
        move &&
        (await fsp.rename(from, tmp).then(
          () => true,
          () => false,
        ));
      if (!moved) await fsp.copyFile(from, tmp, fs.constants.COPYFILE_EXCL);
      const st = await fsp.lstat(tmp);
      if (!st.isFile()) throw new UnsafeWrite(path.basename(abs), l10n.t('something that is not a file is there'));
      if ((st.mode & 0o777) !== mode) await fsp.chmod(tmp, mode);
      await fsp.rename(tmp, abs);
    } catch (e) {
      await fsp.rm(tmp, { force: true });
      throw e;
    }
    return fileAfter(await fsp.lstat(abs));
  }

  async putLink(rel: string, target: string): Promise<void> {
    const dir = (await this.parent(rel, true))!;
    const abs = path.join(dir, path.basename(this.abs(rel)));
    const before = await this.keep(rel, abs);
    const tmp = path.join(dir, `.agent-tasks-${randomBytes(6).toString('hex')}.tmp`);
    await fsp.symlink(target, tmp);
    await fsp.rename(tmp, abs).catch(async (e: unknown) => {
      await fsp.rm(tmp, { force: true });
      throw e;
    });
    this.steps.push({ kind: 'put', rel, before, after: { kind: 'link', target } });
  }

  /** Removes the file or link at `rel` (its copy kept), then the folders it leaves empty. */
  async remove(rel: string): Promise<void> {
    const dir = await this.parent(rel, false);
    if (!dir) return;
    const abs = path.join(dir, path.basename(this.abs(rel)));
    const st = await lstat(abs);
    if (!st) return;
    if (st.isDirectory()) throw new UnsafeWrite(rel, l10n.t('a folder is there, not a file'));
    const before = await this.keep(rel, abs);
    await fsp.unlink(abs);
    this.steps.push({ kind: 'put', rel, before, after: { kind: 'absent' } });
    const parts = rel.split('/');
    for (let i = parts.length - 1; i > 0; i--) {
      const here = parts.slice(0, i).join('/');
      const d = this.abs(here);
      if ((await fsp.readdir(d).catch(() => ['?'])).length > 0) break;
      await fsp.rmdir(d);
      this.steps.push({ kind: 'rmdir', rel: here });
    }
  }

  /** Puts `before` back at `rel`, whatever is there now (through the same checks). */
  async restore(rel: string, before: Before): Promise<void> {
    const dir = await this.parent(rel, before.kind !== 'absent');
    if (!dir) return;
    const abs = path.join(dir, path.basename(this.abs(rel)));
    const st = await lstat(abs);
    if (st?.isDirectory()) await fsp.rmdir(abs);
    else if (st && before.kind === 'absent') await fsp.unlink(abs);
    if (before.kind === 'file') await this.placeFile(dir, abs, before.copy, before.mode, false);
    else if (before.kind === 'link') {
      if (st && !st.isDirectory()) await fsp.unlink(abs);
      await fsp.symlink(before.target, abs);
    }
  }

  /** Undoes every step, newest first; returns the paths that could not be put back. */
  async rollback(): Promise<string[]> {
    const failed: string[] = [];
    for (const s of this.steps.splice(0).reverse()) {
      try {
        if (s.kind === 'put') await this.restore(s.rel, s.before);
        else if (s.kind === 'mkdir') await fsp.rmdir(this.abs(s.rel));
        else await fsp.mkdir(this.abs(s.rel)).catch(() => undefined);
      } catch {
        if (s.kind === 'put') failed.push(s.rel);
      }
    }
    return failed;
  }
}
