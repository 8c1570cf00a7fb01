// The entry of dist/taskPage.js: the task page's code, required when the first page opens (pagesOnDemand.ts stands in
// for it until then). The objects with state (the model, the log, the changes) are handed in from the extension's
// bundle; this bundle holds code only.
import type { PageModel } from './storeSource';
import { modelSource } from './storeSource';
import type { TaskPageDeps } from './taskPagePanel';
import { TaskPages, type PageWorld } from './taskPages';

export type { PageWorld };

/** What the pages are built from: the model their source reads, and what a page needs beside it. */
export interface PagesDeps extends Omit<TaskPageDeps, 'source'> {
  model: PageModel;
  world: PageWorld;
}

export function createTaskPages(deps: PagesDeps): TaskPages {
  const { model, world, ...page } = deps;
  return new TaskPages({ ...page, source: modelSource(model) }, world);
}
