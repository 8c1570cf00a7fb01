// Node's module cache makes the second call free. The heavy parts (the HTTP layer with undici, the sandbox) are
// separate bundles beside dist/extension.js, required on first use so that activation stays cheap. The require path
// is computed, so esbuild leaves it alone.
import * as path from 'node:path';
import type * as Api from './api';
import type * as Sandbox from './sandbox';

function load<T>(bundle: string): T {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  return require(path.join(__dirname, bundle)) as T;
}

/** The API module (dist/api.js). */
export function loadApi(): typeof Api {
  return load<typeof Api>('api.js');
}

/** The sandbox module (dist/sandbox.js), for the built-in sandbox. */
export function loadSandbox(): typeof Sandbox {
  return load<typeof Sandbox>('sandbox.js');
}

/**
 * The commands that draw nothing at first (dist/commands.js): start flows, Go to Task, accounts, installations. Its
 * type is named by the caller: the bundle reaches the services that load bundles here, and an import of it would
 * close a cycle.
 */
export function loadCommands<T>(): T {
  return load<T>('commands.js');
}

/** The language-model tools' code (dist/chat.js); its type is named by the caller, as for the commands. */
export function loadChat<T>(): T {
  return load<T>('chat.js');
}

/** A task's changes through git (dist/changes.js); its type is named by the caller, as for the commands. */
export function loadChanges<T>(): T {
  return load<T>('changes.js');
}

/** The installations model and view (dist/installations.js); its type is named by the caller. */
export function loadInstallations<T>(): T {
  return load<T>('installations.js');
}

/** The task page's code (dist/taskPage.js); its type is named by the caller, as for the commands. */
export function loadTaskPage<T>(): T {
  return load<T>('taskPage.js');
}

/**
 * The test surface (dist/testing.js), in test mode only; the package does not ship it. Its type is named by the caller:
 * the test surface reaches the services that load bundles here, and an import of it would close a cycle.
 */
export function loadTesting<T>(): T {
  return load<T>('testing.js');
}
