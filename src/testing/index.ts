// The test surface: a second entry of the extension's build (dist/testing.mjs), sharing the extension's modules,
// imported by the extension only in test mode, so the shipped files carry none of it (the package leaves it out).
import type { Observers } from '../observers';
import type { ChangesObservers } from '../changes/changesOnDemand';
import type { Ui } from '../ui';
import { RecordingUi } from './recordingUi';
import { TestRecorder } from './recorder';
import { createTestApi, type AgentTasksTestApi, type TestApiDeps } from './testApi';

/** The extension checks it is its own: the test surface must share the extension's modules, not load copies. */
export { Emitter as sharedEmitter } from '../shared/emitter';

export interface TestSurface {
  /** The `Ui` the parts use: the window's, with every message and question recorded. */
  readonly ui: Ui;
  /** What the parts report to, as they are built. */
  readonly observers: Observers & ChangesObservers;
  /**
   * The test API, once the parts are built, with the public API's members beside its own: the suites, benches and
   * scripts read the test API as the extension's exports, and other extensions the public API.
   */
  api(deps: Omit<TestApiDeps, 'ui' | 'recorder'> & { exported: object }): AgentTasksTestApi;
}

export function begin(window: Ui): TestSurface {
  const ui = new RecordingUi(window);
  const recorder = new TestRecorder();
  return {
    ui,
    observers: recorder.observers,
    api: ({ exported, ...deps }) => {
      const api = createTestApi({ ...deps, ui, recorder });
      // Writable here (the public API itself is frozen): a reactivation puts the new parts' members in their place.
      for (const [key, d] of Object.entries(Object.getOwnPropertyDescriptors(exported)))
        Object.defineProperty(api, key, { ...d, writable: true, configurable: true });
      return api;
    },
  };
}
