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
import { fileAfter, lstat, sameAfter, type Before, type After, type Step } from './fileState';

export { sameAfter, stateAt, type After, type Before, type Step } from './fileState';

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

/** The mode git gives a file it writes: 0666 or 0777, less the process's umask. */
const modeFor = (exec: boolean): number => (exec ? 0o777 : 0o666) & ~process.umask();

/**
 * What `look` found at a path ahead of the writes: its Before, and whether a folder is there (empty, or to be emptied
 * by the apply's own removals before the path is written).
 */
export interface Ahead {
  before: Before;
  dir: boolean;
}

export class Writer {
  readonly steps: Step[] = [];
  private copied = 0;
  /** What each path held when it was looked at ahead of the writes (its copy made then). */
  private readonly ahead = new Map<string, Ahead>();

  private constructor(
    readonly root: string,
    private readonly realRoot: string,
    /** Where copies of what is replaced go (Undo's folder, in the extension's storage). */
    private readonly copies: string,
    /** The name of the file written beside a path before it is renamed over it (default: a random one). */
    private readonly tmpName?: (rel: string) => string | undefined,
  ) {}

  static async open(root: string, copies: string, tmpName?: (rel: string) => string | undefined): Promise<Writer> {
    await fsp.mkdir(copies, { recursive: true });
    return new Writer(root, await fsp.realpath(root), copies, tmpName);
  }

  /** The file to write beside `rel` in `dir`; one named ahead and left by a process cut off is removed first. */
  private async tmpFor(dir: string, rel: string): Promise<string> {
    const named = this.tmpName?.(rel);
    if (named === undefined) return path.join(dir, `.agent-tasks-${randomBytes(6).toString('hex')}.tmp`);
    const tmp = path.join(dir, named);
    await fsp.rm(tmp, { force: true });
    return tmp;
  }

  /**
   * Looks at `rel` before anything is written and copies what is there (the copy flushed to disk), so that a journal
   * can name every path's earlier state first; its write later checks that nothing changed there since.
   */
  async look(rel: string): Promise<Ahead> {
    // A file on the way (the apply removes it first) holds nothing at `rel`; a link there is refused at the write.
    const dir = await this.parent(rel, false).catch((e: unknown) => {
      if (e instanceof UnsafeWrite) return undefined;
      throw e;
    });
    const abs = dir && path.join(dir, path.basename(this.abs(rel)));
    const st = abs ? await lstat(abs) : undefined;
    let found: Ahead;
    if (!abs || !st) found = { before: { kind: 'absent' }, dir: false };
    else if (st.isSymbolicLink()) found = { before: { kind: 'link', target: await fsp.readlink(abs) }, dir: false };
    else if (st.isDirectory()) found = { before: { kind: 'absent' }, dir: true };
    else if (!st.isFile()) throw new UnsafeWrite(rel, l10n.t('something that is not a file is there'));
    else {
      const copy = path.join(this.copies, String(this.copied++));
      await fsp.copyFile(abs, copy, fs.constants.COPYFILE_EXCL);
      const h = await fsp.open(copy, 'r+');
      await h.sync().finally(() => h.close());
      const now = await lstat(abs);
      if (!now || !sameAfter(fileAfter(now), fileAfter(st)))
        throw new UnsafeWrite(rel, l10n.t('it changed while being copied'));
      found = { before: { kind: 'file', copy, mode: st.mode & 0o777, was: fileAfter(st) }, dir: false };
    }
    this.ahead.set(rel, found);
    return found;
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
    const seen = this.ahead.get(rel);
    if (seen) {
      this.ahead.delete(rel);
      if (!(await this.unchanged(abs, st, seen)))
        throw new UnsafeWrite(rel, l10n.t('it changed while the apply was writing'));
      if (st?.isDirectory()) {
        await fsp.rmdir(abs);
        this.steps.push({ kind: 'rmdir', rel });
      }
      return seen.before;
    }
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

  /** What is at `abs` (`st`) is still what `look` found there. */
  private async unchanged(abs: string, st: fs.Stats | undefined, seen: Ahead): Promise<boolean> {
    const b = seen.before;
    if (!st) return b.kind === 'absent';
    if (st.isSymbolicLink()) return b.kind === 'link' && b.target === (await fsp.readlink(abs));
    if (st.isDirectory()) return seen.dir && (await fsp.readdir(abs)).length === 0;
    return b.kind === 'file' && b.was !== undefined && st.isFile() && sameAfter(fileAfter(st), b.was);
  }

  /**
   * Writes the bytes of `from` (a file of ours, moved away when it is on the same disk, else copied by the system,
   * never read into memory) at `rel`, through a new file renamed into place.
   */
  async putFile(rel: string, from: string, exec: boolean, move = false): Promise<void> {
    const dir = (await this.parent(rel, true))!;
    const abs = path.join(dir, path.basename(this.abs(rel)));
    const before = await this.keep(rel, abs);
    const after = await this.placeFile(dir, abs, from, modeFor(exec), move, rel);
    this.steps.push({ kind: 'put', rel, before, after });
  }

  private async placeFile(
    dir: string,
    abs: string,
    from: string,
    mode: number,
    move: boolean,
    rel: string,
  ): Promise<After> {
    const tmp = await this.tmpFor(dir, rel);
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
    const tmp = await this.tmpFor(dir, rel);
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
    if (before.kind === 'file') await this.placeFile(dir, abs, before.copy, before.mode, false, rel);
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
