// The browser's side of the seam (src/env/host.ts): the web worker extension host of vscode.dev or code-server, which
// can `require` nothing but `vscode`. Requests go through the browser's fetch (the service must allow the editor's
// origin: src/errors/network.ts says so when it does not); there is no git, no file of the workspace on disk, no
// server to start.
import { Uri, workspace } from 'vscode';
import type { Host } from '../host';
import { posixPath } from './posixPath';

export const host: Host = {
  kind: 'browser',
  hasGit: false,
  network: () => ({
    // Read at every call, as the Node host does with VS Code's fetch.
    fetch: (url, init) => globalThis.fetch(url, init),
    dispose: () => undefined,
  }),
  sandbox: undefined,
  // Through the editor's file system (a remote folder of code-server, say): `.git/config` of the folder's root.
  gitConfigText: async folder => {
    const bytes = await workspace.fs.readFile(Uri.joinPath(folder, '.git', 'config')).then(
      b => b,
      () => undefined,
    );
    return bytes && new TextDecoder().decode(bytes);
  },
  path: posixPath,
  importTesting: () => Promise.reject(new Error('The test surface is not part of the browser build.')),
};
