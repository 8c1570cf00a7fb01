// The state kept on disk: the state file (a snapshot) and its journal. A change is acknowledged once its journal
// line is flushed; now and then the journal is folded into a new snapshot, written in slices between requests.
import * as fs from 'node:fs';
import * as fsp from 'node:fs/promises';
import { Journal, listSegments, readSegment, segmentPath } from './journal';
import { readStateFile, removeTemps, writeStateFile, writeStateFileAsync } from './persist';
import { type StateChange, Pending, Replay } from './records';
import { taskToWorld } from './records';
import type { State } from './state';
import { WorldError, type WorldFile } from './world';
import { validateWorld } from './world-check';

/** Journal size from which a snapshot is taken, unless the last snapshot was larger (then half its size). */
export const DEFAULT_COMPACT_BYTES = 256 * 1024;
const SLICE = 200;

/**
 * What the state file and its journal hold (undefined when there is no state file yet) and the number of the
 * segment to write next. Removes the temporary files a crash left behind. Synchronous: for the start only.
 */
export function recover(file: string): { world: WorldFile | undefined; next: number } {
  removeTemps(file);
  const saved = readStateFile(file);
  const segments = listSegments(file);
  const next = Math.max(saved?.journal ?? 1, ...segments.map(n => n + 1));
  // A journal without its state file (someone removed the file) has nothing to apply to; it is dropped at start.
  if (!saved) return { world: undefined, next };
  const replay = new Replay(saved.world);
  for (const n of segments) {
    if (n < saved.journal) continue;
    for (const rec of readSegment(segmentPath(file, n))) if (!replay.apply(rec)) break;
  }
  try {
    return { world: validateWorld(replay.world), next };
  } catch (e) {
    throw new WorldError(`state file ${file}: after its journal: ${(e as Error).message}`);
  }
}

class Superseded extends Error {}

export class Durable {
  private readonly pending = new Pending();
  private readonly journal: Journal;
  private compacting: Promise<void> | undefined;
  private lastSnapshot: number;
  /** Snapshots taken while serving (for tests and the log). */
  compactions = 0;

  /** Writes the starting snapshot (synchronously: the server is not listening yet) and drops older segments. */
  constructor(
    private readonly file: string,
    next: number,
    private readonly state: () => State,
    private readonly onError: (e: unknown) => void,
    private readonly compactBytes = DEFAULT_COMPACT_BYTES,
  ) {
    this.journal = new Journal(file, next, () => this.pending.take(this.state()));
    this.lastSnapshot = writeStateFile(file, state().toWorld(), next);
    this.dropSegmentsBefore(next);
  }

  /** Notes a change; resolves once it would survive a crash. */
  record(c: StateChange): Promise<void> {
    this.pending.add(c, this.state());
    const done = this.journal.note();
    if (!this.compacting && this.journal.bytes > Math.max(this.compactBytes, this.lastSnapshot / 2)) {
      this.compacting = this.compact()
        .catch(e => {
          if (!(e instanceof Superseded)) this.onError(e);
        })
        .finally(() => (this.compacting = undefined));
    }
    return done;
  }

  /** True while some change is not yet on disk. */
  get busy(): boolean {
    return this.journal.busy;
  }

  barrier(): Promise<void> {
    return this.journal.barrier();
  }

  /**
   * A new snapshot: later changes go to a new segment, then the state is written task slice by task slice. Values
   * that change meanwhile are written in the new segment too, so replaying it over the snapshot gives them right.
   */
  private async compact(): Promise<void> {
    const st = this.state();
    const seg = this.journal.rotate();
    const tasks = [...st.tasks.values()];
    const head = JSON.stringify(st.toWorld(false));
    const state = this.state;
    async function* parts(): AsyncGenerator<string> {
      yield head.slice(0, -2); // `…"tasks":[`
      for (let i = 0; i < tasks.length; i += SLICE) {
        await new Promise(r => setImmediate(r));
        // After a reset the journal holds the whole new world; this snapshot would mean nothing.
        if (state() !== st) throw new Superseded();
        yield (
          (i ? ',' : '') +
          tasks
            .slice(i, i + SLICE)
            .map(t => JSON.stringify(taskToWorld(t)))
            .join(',')
        );
      }
      yield ']}';
    }
    this.lastSnapshot = await writeStateFileAsync(this.file, seg, parts());
    // Batches collected before the rotation may still be on their way to the old segment.
    await this.journal.barrier();
    for (const n of listSegments(this.file)) if (n < seg) await fsp.rm(segmentPath(this.file, n), { force: true });
    this.compactions++;
  }

  /** Flushes, writes the final snapshot and removes the journal. */
  async close(): Promise<void> {
    await this.compacting;
    await this.journal.close();
    const next = this.journal.current + 1;
    writeStateFile(this.file, this.state().toWorld(), next);
    this.dropSegmentsBefore(next);
  }

  private dropSegmentsBefore(next: number): void {
    for (const n of listSegments(this.file)) if (n < next) fs.rmSync(segmentPath(this.file, n), { force: true });
  }
}
