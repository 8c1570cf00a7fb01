// The state file: a snapshot of the world and the number of the first journal segment that applies on top of it
// (see journal.ts). Written to a temporary file, fsynced, renamed over the old one and the directory fsynced, so a
// crash leaves the old file or the new one, never a broken one; a temporary file a crash left behind is removed at
// the next start. Written whole and synchronously only at start and stop; while serving, `writeStateFileAsync`
// writes it in slices so that no request waits for the whole state.
import * as fs from 'node:fs';
import * as fsp from 'node:fs/promises';
import * as path from 'node:path';
import { WorldError, type WorldFile } from './world';
import { validateWorld } from './world-check';

const FORMAT = 'agent-tasks-sandbox-state';

export interface Saved {
  world: WorldFile;
  /** The first journal segment not yet in this snapshot. */
  journal: number;
}

/**
 * The snapshot kept in a state file, or undefined when there is no file yet. A file that is not ours or is broken
 * is an error.
 */
export function readStateFile(file: string): Saved | undefined {
  let text: string;
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw new WorldError(`state file ${file}: cannot be read (${(e as NodeJS.ErrnoException).code ?? 'error'})`);
  }
  let parsed: { format?: unknown; version?: unknown; world?: unknown; journal?: unknown };
  try {
    parsed = JSON.parse(text) as typeof parsed;
  } catch {
    throw new WorldError(`state file ${file}: not valid JSON; move it away or pass another --state`);
  }
  if (parsed?.format !== FORMAT || parsed.version !== 1)
    throw new WorldError(`state file ${file}: not a sandbox state file (format ${FORMAT}, version 1)`);
  const journal = parsed.journal ?? 1;
  if (!Number.isSafeInteger(journal) || (journal as number) < 1)
    throw new WorldError(`state file ${file}: "journal" must be a positive integer`);
  try {
    return { world: validateWorld(parsed.world), journal: journal as number };
  } catch (e) {
    throw new WorldError(`state file ${file}: world: ${(e as Error).message}`);
  }
}

const head = (journal: number): string =>
  `{"format":"${FORMAT}","version":1,` +
  `"saved_at":${JSON.stringify(new Date().toISOString())},"journal":${journal},"world":`;

const tempName = (file: string): string =>
  path.join(path.dirname(file), `.${path.basename(file)}.${process.pid}.${Date.now()}.tmp`);

/** Writes the whole file at once; for start and stop only. Returns its size. */
export function writeStateFile(file: string, world: WorldFile, journal = 1): number {
  const text = `${head(journal)}${JSON.stringify(world)}}`;
  const dir = path.dirname(file);
  fs.mkdirSync(dir, { recursive: true });
  const tmp = tempName(file);
  const fd = fs.openSync(tmp, 'w', 0o600);
  try {
    fs.writeSync(fd, text);
    fs.fsyncSync(fd);
  } finally {
    fs.closeSync(fd);
  }
  try {
    fs.renameSync(tmp, file);
  } catch (e) {
    fs.rmSync(tmp, { force: true });
    throw e;
  }
  fsyncDir(dir);
  return Buffer.byteLength(text);
}

/**
 * Writes the file from `world`, the world's JSON text in parts, with the event loop free between parts. Throws
 * (and leaves no temporary file) when `world` throws, e.g. because the state it reads was replaced meanwhile.
 */
export async function writeStateFileAsync(
  file: string,
  journal: number,
  world: AsyncIterable<string>,
): Promise<number> {
  const tmp = tempName(file);
  const fh = await fsp.open(tmp, 'w', 0o600);
  let bytes = 0;
  try {
    let buf = head(journal);
    for await (const part of world) {
      buf += part;
      if (buf.length < 256 * 1024) continue;
      bytes += (await fh.write(buf)).bytesWritten;
      buf = '';
    }
    bytes += (await fh.write(`${buf}}`)).bytesWritten;
    await fh.sync();
    await fh.close();
    await fsp.rename(tmp, file);
  } catch (e) {
    await fh.close().catch(() => undefined);
    await fsp.rm(tmp, { force: true });
    throw e;
  }
  await fsyncDirAsync(path.dirname(file));
  return bytes;
}

/** Removes temporary files of this state file that a crash left behind. */
export function removeTemps(file: string): void {
  const dir = path.dirname(file);
  const prefix = `.${path.basename(file)}.`;
  let names: string[];
  try {
    names = fs.readdirSync(dir);
  } catch {
    return;
  }
  for (const n of names)
    if (n.startsWith(prefix) && /^\d+\.\d+\.tmp$/.test(n.slice(prefix.length)))
      fs.rmSync(path.join(dir, n), { force: true });
}

/** A rename or a new file survives a crash only once its directory is flushed too. */
export function fsyncDir(dir: string): void {
  const fd = fs.openSync(dir, 'r');
  try {
    fs.fsyncSync(fd);
  } finally {
    fs.closeSync(fd);
  }
}

export async function fsyncDirAsync(dir: string): Promise<void> {
  const fh = await fsp.open(dir, 'r');
  try {
    await fh.sync();
  } finally {
    await fh.close();
  }
}
