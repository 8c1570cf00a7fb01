// Writes into the user's working tree, each checked at the moment it is made: every folder on the way is a real
// folder (made when missing, never a symbolic link) whose real path is inside the repository; a file goes in whole
// (written aside, then renamed over its path, so no link at the path is followed); whatever was there is first copied
// to Undo's folder. Each step is written down, so that a failure puts everything back (`rollback`) and Undo can later
// do the same for what nobody changed since. Pure Node: no `vscode`.
import { createHash, randomBytes } from 'node:crypto';
import * as fs from 'node:fs';
import * as fsp from 'node:fs/promises';
import * as path from 'node:path';
import * as l10n from '@vscode/l10n';

/** What a path held before a step: Undo's copy of a file, a link's target, or nothing. */
export type Before = { kind: 'absent' } | { kind: 'file'; copy: string; mode: number } | { kind: 'link'; target: string };
/** What a step left at a path: a file by its hash, a link, or nothing. */
export type After = { kind: 'absent' } | { kind: 'file'; sha256: string; exec: boolean } | { kind: 'link'; target: string };

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

const NOFOLLOW = fs.constants.O_NOFOLLOW ?? 0;
const NEW_FILE = fs.constants.O_WRONLY | fs.constants.O_CREAT | fs.constants.O_EXCL | NOFOLLOW;
const lstat = (abs: string) => fsp.lstat(abs).catch(() => undefined);

/** What is at `abs` now, in the terms of `After`. */
export async function stateAt(abs: string): Promise<After> {
  const st = await lstat(abs);
  if (!st) return { kind: 'absent' };
  if (st.isSymbolicLink()) return { kind: 'link', target: await fsp.readlink(abs) };
  if (!st.isFile()) return { kind: 'file', sha256: 'not a file', exec: false };
  const hash = createHash('sha256');
  for await (const chunk of fs.createReadStream(abs) as AsyncIterable<Buffer>) hash.update(chunk);
  return { kind: 'file', sha256: hash.digest('hex'), exec: (st.mode & 0o100) !== 0 };
}

export const sameAfter = (a: After, b: After): boolean =>
  a.kind === b.kind &&
  (a.kind === 'absent' ||
    (a.kind === 'link' && a.target === (b as { target: string }).target) ||
    (a.kind === 'file' && a.sha256 === (b as { sha256: string }).sha256 && a.exec === (b as { exec: boolean }).exec));

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
    return { kind: 'file', copy, mode: st.mode & 0o777 };
  }

  /** Writes the bytes of `from` (a file of ours) at `rel`, streamed, through a new file renamed into place. */
  async putFile(rel: string, from: string, exec: boolean): Promise<void> {
    const dir = (await this.parent(rel, true))!;
    const abs = path.join(dir, path.basename(this.abs(rel)));
    const before = await this.keep(rel, abs);
    const after = await this.placeFile(dir, abs, from, exec ? 0o777 : 0o666);
    this.steps.push({ kind: 'put', rel, before, after });
  }

  private async placeFile(dir: string, abs: string, from: string, mode: number): Promise<After> {
    const tmp = path.join(dir, `.agent-tasks-${randomBytes(6).toString('hex')}.tmp`);
    const hash = createHash('sha256');
    const out = await fsp.open(tmp, NEW_FILE, mode);
    try {
      for await (const chunk of fs.createReadStream(from) as AsyncIterable<Buffer>) {
        hash.update(chunk);
        await out.write(chunk);
      }
      await out.close();
      await fsp.rename(tmp, abs);
    } catch (e) {
      await out.close().catch(() => undefined);
      await fsp.rm(tmp, { force: true });
      throw e;
    }
    return { kind: 'file', sha256: hash.digest('hex'), exec: (mode & 0o100) !== 0 };
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
    if (before.kind === 'file') await this.placeFile(dir, abs, before.copy, before.mode);
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
