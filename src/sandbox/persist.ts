// The state file: the current world, written atomically (temp file, fsync, rename) so that a crash mid-write
// leaves either the old file or the new one, never a broken one.
import * as fs from 'node:fs';
import * as path from 'node:path';
import { WorldError, WorldFile } from './world';
import { validateWorld } from './world-check';

const FORMAT = 'agent-tasks-sandbox-state';

interface StateFile {
  format: typeof FORMAT;
  version: 1;
  saved_at: string;
  world: WorldFile;
}

/** The world kept in a state file, or undefined when there is no file yet. A file that is not ours or is broken is an error. */
export function readStateFile(file: string): WorldFile | undefined {
  let text: string;
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw new WorldError(`state file ${file}: cannot be read (${(e as NodeJS.ErrnoException).code ?? 'error'})`);
  }
  let parsed: Partial<StateFile>;
  try {
    parsed = JSON.parse(text) as Partial<StateFile>;
  } catch {
    throw new WorldError(`state file ${file}: not valid JSON; move it away or pass another --state`);
  }
  if (parsed?.format !== FORMAT || parsed.version !== 1) throw new WorldError(`state file ${file}: not a sandbox state file (format ${FORMAT}, version 1)`);
  try {
    return validateWorld(parsed.world);
  } catch (e) {
    throw new WorldError(`state file ${file}: world: ${(e as Error).message}`);
  }
}

export function writeStateFile(file: string, world: WorldFile): void {
  const body: StateFile = { format: FORMAT, version: 1, saved_at: new Date().toISOString(), world };
  const dir = path.dirname(file);
  fs.mkdirSync(dir, { recursive: true });
  const tmp = path.join(dir, `.${path.basename(file)}.${process.pid}.${Date.now()}.tmp`);
  const fd = fs.openSync(tmp, 'w', 0o600);
  try {
    fs.writeSync(fd, JSON.stringify(body));
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
}
