// The journal: changes as JSON lines appended to `FILE.journal.N` and flushed (fdatasync) before they are
// acknowledged. Changes that arrive while a flush is under way go together into the next one, so concurrent changes
// share one flush. Batches are written strictly one after another, so a crash can tear only the last batch, which
// nobody was told about: reading a segment stops at its first line that is not a whole JSON line.
import * as fs from 'node:fs';
import * as fsp from 'node:fs/promises';
import * as path from 'node:path';
import { fsyncDirAsync } from './persist';

export const segmentPath = (file: string, n: number): string => `${file}.journal.${n}`;

/** The numbers of the journal segments of a state file, ascending. */
export function listSegments(file: string): number[] {
  const prefix = `${path.basename(file)}.journal.`;
  let names: string[];
  try {
    names = fs.readdirSync(path.dirname(file));
  } catch {
    return [];
  }
  return names
    .filter(n => n.startsWith(prefix) && /^\d{1,15}$/.test(n.slice(prefix.length)))
    .map(n => Number(n.slice(prefix.length)))
    .sort((a, b) => a - b);
}

/** The records of one segment up to its first torn or broken line (the tail of a batch a crash cut short). */
export function readSegment(file: string): unknown[] {
  const text = fs.readFileSync(file, 'utf8');
  const out: unknown[] = [];
  let at = 0;
  for (;;) {
    const nl = text.indexOf('\n', at);
    if (nl < 0) return out;
    try {
      out.push(JSON.parse(text.slice(at, nl)));
    } catch {
      return out;
    }
    at = nl + 1;
  }
}

interface Waiter {
  resolve(): void;
  reject(e: unknown): void;
}

export class Journal {
  /** Bytes written to the current segment. */
  bytes = 0;
  private fh: fsp.FileHandle | undefined;
  private open = 0;
  private waiting: Waiter[] = [];
  private dirty = false;
  private flushing: Promise<void> | undefined;

  /** `collect` hands over the text of every change noted since it was last called. */
  constructor(
    private readonly file: string,
    private segment: number,
    private readonly collect: () => string,
  ) {}

  get current(): number {
    return this.segment;
  }

  /** Something changed: it goes into the next batch. Resolves once that batch is on disk. */
  note(): Promise<void> {
    this.dirty = true;
    return this.barrier();
  }

  /** True while a change is not yet on disk. */
  get busy(): boolean {
    return this.dirty || this.flushing !== undefined;
  }

  /** Resolves once everything noted so far is on disk. */
  barrier(): Promise<void> {
    if (!this.busy) return Promise.resolve();
    const p = new Promise<void>((resolve, reject) => this.waiting.push({ resolve, reject }));
    // Started a microtask later, so that the changes of one synchronous stretch share a batch.
    this.flushing ??= Promise.resolve().then(() => this.loop());
    return p;
  }

  /** Later batches go to a new segment; returns its number. Batches collected before keep their segment. */
  rotate(): number {
    this.bytes = 0;
    return ++this.segment;
  }

  private async loop(): Promise<void> {
    while (this.waiting.length > 0) {
      const waiters = this.waiting;
      this.waiting = [];
      // Collected and bound to a segment in one synchronous step, so a rotation falls between batches.
      const seg = this.segment;
      try {
        const text = this.dirty ? this.collect() : '';
        this.dirty = false;
        if (text) await this.append(seg, text);
        for (const w of waiters) w.resolve();
      } catch (e) {
        for (const w of waiters) w.reject(e);
      }
    }
    this.flushing = undefined;
  }

  private async append(seg: number, text: string): Promise<void> {
    if (this.fh === undefined || this.open !== seg) {
      await this.fh?.close();
      this.fh = undefined;
      const fh = await fsp.open(segmentPath(this.file, seg), 'a', 0o600);
      // The new file's name must survive a crash as well as its content.
      await fsyncDirAsync(path.dirname(this.file));
      this.fh = fh;
      this.open = seg;
    }
    const buf = Buffer.from(text, 'utf8');
    let off = 0;
    while (off < buf.length) off += (await this.fh.write(buf, off)).bytesWritten;
    await this.fh.datasync();
    if (seg === this.segment) this.bytes += buf.length;
  }

  /** Flushes what is pending and closes the segment. */
  async close(): Promise<void> {
    await this.barrier();
    await this.fh?.close();
    this.fh = undefined;
  }
}
