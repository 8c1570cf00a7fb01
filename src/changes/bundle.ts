// The entry of dist/changes.js: a task's changes read through the user's git. Required when something first looks at
// a task's changes (an expanded task, an open page, a chat tool, a Changes command, a diff document); until then
// changesOnDemand.ts answers that nothing is known. Objects with state are handed in; the feature built here is held
// by the extension's bundle, once.
import { ChangesFeature, type ChangesFeatureDeps } from './changes';

export function createChanges(deps: ChangesFeatureDeps): ChangesFeature {
  return new ChangesFeature(deps);
}
