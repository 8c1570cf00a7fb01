// What differs between the two extension hosts, in one shape: the Node host (VS Code's desktop, remote and server
// hosts) and the browser's web worker (vscode.dev, code-server's web worker host). The build picks one of
// `src/env/node/index.ts` and `src/env/browser/index.ts` for the specifier `#env` (scripts/build.mjs); features import
// `host` from `#env` and never ask which host they run in.
import type { Uri } from 'vscode';
import type { FetchLike } from '../api';
import type * as Sandbox from '../sandbox';

/** The HTTP stack the API clients use. */
export interface HostNetwork {
  readonly fetch: FetchLike;
  /** The proxy a request to `url` goes through, as it may be shown (`host:port`), for the words of a failure. */
  readonly proxyFor?: (url: URL) => string | undefined;
  dispose(): void;
}

/** The few path functions the parts that run in both hosts use (POSIX ones in the browser). */
export interface HostPath {
  join(...parts: string[]): string;
  normalize(p: string): string;
  basename(p: string): string;
}

export interface Host {
  /** Where the extension runs: for the log and the test surface, not for features to branch on. */
  readonly kind: 'node' | 'browser';
  /** The user's git can run: processes and real paths. Without it the commands that need git are not offered. */
  readonly hasGit: boolean;
  /** The HTTP stack: VS Code's fetch (with undici where it cannot serve) or the browser's fetch. */
  network(): HostNetwork;
  /** The local sandbox's module, or undefined where no server can listen. */
  readonly sandbox: (() => Promise<typeof Sandbox>) | undefined;
  /** A workspace folder's git config file as text, or undefined (not a repository's root, or not readable here). */
  gitConfigText(folder: Uri): Promise<string | undefined>;
  readonly path: HostPath;
  /** The test surface, a second entry of the Node build; none in the browser. */
  importTesting(extensionPath: string): Promise<unknown>;
}
