// A branch's files as the agent sees them while it plans its commits: read from git once (names and blob ids), file
// contents only when asked, and the agent's own changes applied in memory, so several commits can be planned before
// one `git fast-import` writes them all.
import type { FileOp } from './commits';

export interface TreeEntry {
  mode: string;
  /** The blob id in the repository; undefined once the agent wrote the file. */
  blob?: string;
  data?: Buffer;
}

/** Reads blobs by id, many at once. */
export type BlobReader = (ids: string[]) => Promise<Map<string, Buffer>>;

export class Tree {
  constructor(
    private readonly entries: Map<string, TreeEntry>,
    private readonly readBlobs: BlobReader,
  ) {}

  /** From `git ls-tree -r -z` output: regular files and executables only (no links or submodules). */
  static parse(lsTree: string, readBlobs: BlobReader): Tree {
    const entries = new Map<string, TreeEntry>();
    for (const rec of lsTree.split('\0')) {
      const m = /^(\d+) blob ([0-9a-f]+)\t([\s\S]+)$/.exec(rec);
      if (m && (m[1] === '100644' || m[1] === '100755')) entries.set(m[3], { mode: m[1], blob: m[2] });
    }
    return new Tree(entries, readBlobs);
  }

  copy(): Tree {
    return new Tree(new Map([...this.entries].map(([p, e]) => [p, { ...e }])), this.readBlobs);
  }

  /** The paths, sorted by their bytes as git sorts them, so choices made from them are the same everywhere. */
  paths(): string[] {
    return [...this.entries.keys()].sort((a, b) => Buffer.compare(Buffer.from(a), Buffer.from(b)));
  }

  has(p: string): boolean {
    return this.entries.has(p);
  }

  mode(p: string): string | undefined {
    return this.entries.get(p)?.mode;
  }

  /** A file's content (undefined when there is no such file). */
  async read(p: string): Promise<Buffer | undefined> {
    const e = this.entries.get(p);
    if (!e) return undefined;
    if (!e.data && e.blob) e.data = (await this.readBlobs([e.blob])).get(e.blob);
    return e.data;
  }

  /** Reads the contents of many files with one read of the repository. */
  async readMany(paths: string[]): Promise<void> {
    const ids = paths
      .map(p => this.entries.get(p))
      .filter(e => e && !e.data && e.blob)
      .map(e => e!.blob!);
    if (ids.length === 0) return;
    const blobs = await this.readBlobs(ids);
    for (const p of paths) {
      const e = this.entries.get(p);
      if (e && !e.data && e.blob) e.data = blobs.get(e.blob);
    }
  }

  apply(ops: FileOp[]): void {
    for (const o of ops) if (o.op === 'delete') this.entries.delete(o.path);
    for (const o of ops) {
      if (o.op !== 'rename') continue;
      const e = this.entries.get(o.from);
      this.entries.delete(o.from);
      if (e) this.entries.set(o.path, e);
    }
    for (const o of ops) {
      if (o.op !== 'write') continue;
      // A file where a directory was, or the other way round, replaces it (as fast-import does).
      for (const p of this.entries.keys())
        if (p.startsWith(`${o.path}/`) || o.path.startsWith(`${p}/`)) this.entries.delete(p);
      this.entries.set(o.path, { mode: o.mode ?? this.entries.get(o.path)?.mode ?? '100644', data: o.data });
    }
  }
}

/** Splits `git cat-file --batch` output into blobs by id. */
export function parseBatch(out: Buffer): Map<string, Buffer> {
  const blobs = new Map<string, Buffer>();
  let at = 0;
  while (at < out.length) {
    const nl = out.indexOf(10, at);
    if (nl < 0) break;
    const head = out.subarray(at, nl).toString('latin1');
    const m = /^([0-9a-f]+) \S+ (\d+)$/.exec(head);
    if (!m) {
      at = nl + 1; // "<id> missing": nothing follows
      continue;
    }
    const size = Number(m[2]);
    blobs.set(m[1], out.subarray(nl + 1, nl + 1 + size));
    at = nl + 1 + size + 1;
  }
  return blobs;
}
