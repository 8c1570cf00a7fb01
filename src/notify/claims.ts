// Who tells a piece of news when several windows of one workspace see it: the first to claim it. No `vscode` here: the
// file system comes in through `ClaimFs` (VS Code's `workspace.fs` in the extension, Node's in the unit test), so the
// claim's logic is tried against a real file system.

/** What a claim needs of a file system: the calls of `vscode.workspace.fs`, on string paths joined with `/`. */
export interface ClaimFs {
  createDirectory(path: string): Promise<void>;
  writeFile(path: string, content: Uint8Array): Promise<void>;
  /** Fails when `to` exists (VS Code's `{ overwrite: false }`). */
  rename(from: string, to: string): Promise<void>;
  delete(path: string): Promise<void>;
  exists(path: string): Promise<boolean>;
  /** Entries of a folder with their last change (ms since the epoch). */
  list(path: string): Promise<Array<{ name: string; mtime: number }>>;
}

/** Claims older than this are swept: news that old is not told again anyway (the key holds the task's time). */
const KEEP_MS = 7 * 24 * 3600_000;

/**
 * One folder per piece of news told, made by renaming a folder of our own (holding one file) to the news's name.
 * A rename onto a folder that exists and is not empty fails on every file system VS Code writes to disk (POSIX
 * `rename`, Windows `MoveFile`), whatever check came before it, so of two windows renaming at once one wins: unlike a
 * file, which `rename` replaces silently, or `createDirectory`, which succeeds when the folder is there.
 */
export class Claims {
  private swept = false;

  constructor(
    private readonly fs: ClaimFs,
    /** The folder the claims are kept in (the workspace's storage). */
    private readonly root: string,
    /** Who claims (this window), written in the claim for whoever reads the folder. */
    private readonly owner: string,
  ) {}

  /** True when this caller is the first to claim `key`; a failure to write says true (better told twice than never). */
  async claim(key: string): Promise<boolean> {
    const target = `${this.root}/${await digest(key)}`;
    const own = `${this.root}/.claim-${randomId()}`;
    try {
      await this.fs.createDirectory(own);
      await this.fs.writeFile(`${own}/owner`, new TextEncoder().encode(this.owner));
    } catch {
      return true;
    }
    let won: boolean;
    try {
      await this.fs.rename(own, target);
      won = true;
    } catch {
      won = !(await this.fs.exists(target).catch(() => false));
    }
    if (!won) await this.fs.delete(own).catch(() => undefined);
    if (!this.swept) {
      this.swept = true;
      void this.sweep();
    }
    return won;
  }

  /** Drops claims older than a week and folders of ours left by a window cut off before its rename. */
  private async sweep(): Promise<void> {
    const entries = await this.fs.list(this.root).catch(() => []);
    const now = Date.now();
    for (const e of entries)
      if (e.mtime < now - KEEP_MS || (e.name.startsWith('.claim-') && e.mtime < now - 60_000))
        await this.fs.delete(`${this.root}/${e.name}`).catch(() => undefined);
  }
}

/** A file name for any key: its SHA-256 in hex (the Web Crypto both hosts have). */
async function digest(key: string): Promise<string> {
  const hash = await globalThis.crypto.subtle.digest('SHA-256', new TextEncoder().encode(key));
  return [...new Uint8Array(hash)].map(b => b.toString(16).padStart(2, '0')).join('');
}

function randomId(): string {
  return [...globalThis.crypto.getRandomValues(new Uint8Array(12))].map(b => b.toString(16).padStart(2, '0')).join('');
}
