// The changes feature as the rest of the extension holds it. Nothing of a task's changes is known before someone looks
// at them, so the feature's code (dist/changes.js) is required then: when a task is expanded or its page opens, a chat
// tool or a Changes command asks, or VS Code asks for a diff document. Until then `known` is undefined for every task.
import * as vscode from 'vscode';
import type { Task } from '../api';
import { loadBundle } from '../lazy';
import { DisposableBase } from '../lifecycle';
import { Emitter } from '../model/emitter';
import type { Observers } from '../observers';
import type { ChangesSummaries } from '../model/taskPictures';
import type * as Bundle from './bundle';
import type { ChangesCommandDeps, ChangesFeature, ChangesFeatureDeps } from './changes';
import { CHANGE_SCHEME } from './changeUris';
import type { ChangesView } from './types';

export class ChangesOnDemand extends DisposableBase implements ChangesSummaries {
  private feature: ChangesFeature | undefined;
  private readonly changed = this.register(new Emitter<string>());
  /** What is known of a task's changes changed. */
  readonly onDidChange = this.changed.event;

  constructor(
    private readonly deps: ChangesFeatureDeps,
    private readonly observers: Observers = {},
  ) {
    super();
    this.register(
      vscode.workspace.registerTextDocumentContentProvider(CHANGE_SCHEME, {
        provideTextDocumentContent: uri => this.built().documents.provideTextDocumentContent(uri),
      }),
    );
  }

  /** What is known of a task's changes, without starting anything. */
  known(taskId: string): ChangesView | undefined {
    return this.feature?.changes.known(taskId);
  }

  /** Someone looks at the task (an expanded node, an open page) or stopped looking. */
  watch(taskId: string, who: string, on: boolean): void {
    if (on || this.feature) this.built().changes.watch(taskId, who, on);
  }

  /** Reads the task's changes now, and waits (see ChangesModel.load). */
  load(taskId: string, force = false, given?: Task): Promise<void> {
    return this.built().changes.load(taskId, force, given);
  }

  /** What the Changes and land commands act on. */
  commandDeps(): ChangesCommandDeps {
    return this.built().commandDeps;
  }

  private built(): ChangesFeature {
    if (this.feature) return this.feature;
    const feature = this.register(loadBundle<typeof Bundle>('changes').createChanges(this.deps));
    this.register(feature.changes.onDidChange(id => this.changed.fire(id)));
    this.feature = feature;
    this.observers.changesBuilt?.(feature);
    return feature;
  }
}
