// The Node extension host's side of the seam (src/env/host.ts): VS Code's fetch with undici where it cannot serve,
// the user's git, files on disk, the built-in sandbox on loopback.
import { promises as fs } from 'node:fs';
import * as path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Host } from '../host';
import { gitConfigFile } from './gitConfig';
import { HostNetwork } from './hostNetwork';

export const host: Host = {
  kind: 'node',
  hasGit: true,
  network: () => new HostNetwork(),
  sandbox: () => import('../../sandbox'),
  // Files on this machine's disk (a worktree's or a submodule's `.git` file followed); other schemes are the git
  // extension's to read.
  gitConfigText: async folder =>
    folder.scheme === 'file'
      ? fs.readFile(await gitConfigFile(folder.fsPath), 'utf8').catch(() => undefined)
      : undefined,
  path,
  importTesting: extensionPath => import(pathToFileURL(path.join(extensionPath, 'dist', 'testing.mjs')).href),
};
