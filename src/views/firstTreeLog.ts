// One line in the log when a task view first shows tasks, counted from activate()'s start, with the host that runs
// the extension: what bench/web-activation.mjs reads in both hosts (the web worker's has no test surface).
import { host } from '#env';
import type { Log } from '../log';
import type { Observers } from '../observers';

/** The views' drawing observer that says it once; the test surface hears every drawing as before. */
export function firstTreeLogged(observers: Observers, log: Log, t0: number): Observers['treeRootsDrawn'] {
  let said = false;
  return (view, tasks) => {
    observers.treeRootsDrawn?.(view, tasks);
    if (said || tasks() === 0) return;
    said = true;
    log.info(`first tree with tasks ${Date.now() - t0} ms after activation began (${view}, ${host.kind} host)`);
  };
}
