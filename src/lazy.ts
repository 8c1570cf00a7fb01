// Node's module cache makes the second call free. Everything the first tree does not need (the HTTP layers,
// the sandbox, the commands, chat, changes, installations, task pages) is a bundle beside dist/extension.js, required
// on first use so that activation stays cheap. The require path
// is computed, so esbuild leaves it alone.
import * as path from 'node:path';
import type * as Api from './api';
import type * as NodeFetch from './api/nodeFetch';
import type * as Sandbox from './sandbox';

function load<T>(bundle: string): T {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  return require(path.join(__dirname, bundle)) as T;
}

/** The API module (dist/api.js). */
export function loadApi(): typeof Api {
  return load<typeof Api>('api.js');
}

/** undici's HTTP stack (dist/nodeFetch.js), for the requests VS Code's fetch cannot make (service/hostFetch.ts). */
export function loadNodeFetch(): typeof NodeFetch {
  return load<typeof NodeFetch>('nodeFetch.js');
}

/** The sandbox module (dist/sandbox.js), for the built-in sandbox. */
export function loadSandbox(): typeof Sandbox {
  return load<typeof Sandbox>('sandbox.js');
}

/**
 * The bundles required on first use, beside the two above (scripts/build.mjs builds each from its entry): every
 * command (`commands`), the chat tools (`chat`), a task's changes (`changes`), the Installations view
 * (`installations`), the task pages (`taskPage`), and the test surface (`testing`, in test mode only; not packaged).
 * The caller names the bundle's type: each reaches the services that load bundles here, so an import of it from this
 * module would close a cycle.
 */
export type OnDemandBundle = 'commands' | 'chat' | 'changes' | 'installations' | 'taskPage' | 'testing';

export function loadBundle<T>(name: OnDemandBundle): T {
  return load<T>(`${name}.js`);
}
