// What the user chose to see, in one object: each view's filters and archived switch, My Tasks' grouping, the
// prompt kept as a draft, which views are on screen and which tasks are expanded. The parts keep their own storage;
// only this object listens to them, and every change reaches everyone as one event that says what changed, so no
// listener depends on the order another was registered in. No `vscode`: the parts are passed in.
import type { Task } from '../api';
import { DisposableBase } from '../lifecycle';
import { Emitter, type Event } from '../shared/emitter';
import type { TaskViewName } from './taskFilter';

export type { TaskViewName } from './taskFilter';

/** What changed: the filters (states, only mine, archived), the grouping, the draft, visibility or expansion. */
export type ViewChange =
  | { readonly kind: 'filter' }
  | { readonly kind: 'grouping' }
  | { readonly kind: 'draft' }
  | { readonly kind: 'visibility' }
  | { readonly kind: 'expanded'; readonly view: TaskViewName; readonly id: string; readonly on: boolean };

export interface FilterPart {
  states(view: TaskViewName): string[];
  readonly onlyMine: boolean;
  showArchived(view: TaskViewName): boolean;
  apply(view: TaskViewName, tasks: Task[], me: number | undefined): Task[];
  statesFiltered(view: TaskViewName): boolean;
  describe(view: TaskViewName, label: (state: string) => string): string | undefined;
  readonly onDidChange: Event<void>;
}

export interface GroupingPart {
  readonly byRepository: boolean;
  readonly onDidChange: Event<void>;
}

export interface DraftPart<D> {
  get(): D | undefined;
  readonly onDidChange: Event<void>;
}

export class ViewState<D = unknown> extends DisposableBase {
  private readonly changed = this.register(new Emitter<ViewChange>());
  /** One event per change, whatever changed. */
  readonly onDidChange = this.changed.event;
  private readonly shown = { repo: false, mine: false };
  private readonly open = { repo: new Set<string>(), mine: new Set<string>() };

  constructor(
    readonly filter: FilterPart,
    readonly grouping: GroupingPart,
    readonly drafts: DraftPart<D>,
  ) {
    super();
    this.register(filter.onDidChange(() => this.changed.fire({ kind: 'filter' })));
    this.register(grouping.onDidChange(() => this.changed.fire({ kind: 'grouping' })));
    this.register(drafts.onDidChange(() => this.changed.fire({ kind: 'draft' })));
  }

  /** Whether My Tasks shows its tasks under their repositories. */
  get groupedByRepo(): boolean {
    return this.grouping.byRepository;
  }

  /** The prompt kept after a start that did not happen, if any. */
  draft(): D | undefined {
    return this.drafts.get();
  }

  /** Whether a view is on screen. */
  visible(view: TaskViewName): boolean {
    return this.shown[view];
  }

  /** The views report whether they are on screen; the model polls only what is seen. */
  setVisible(visible: { repo: boolean; mine: boolean }): void {
    if (visible.repo === this.shown.repo && visible.mine === this.shown.mine) return;
    this.shown.repo = visible.repo;
    this.shown.mine = visible.mine;
    this.changed.fire({ kind: 'visibility' });
  }

  /** Whether a task is expanded in a view (or, without a view, in either). */
  expanded(id: string, view?: TaskViewName): boolean {
    return view ? this.open[view].has(id) : this.open.repo.has(id) || this.open.mine.has(id);
  }

  /** A task's node was expanded or collapsed: its sessions and changes are kept fresh while it is open. */
  setExpanded(view: TaskViewName, id: string, on: boolean): void {
    const set = this.open[view];
    if (on === set.has(id)) return;
    if (on) set.add(id);
    else set.delete(id);
    this.changed.fire({ kind: 'expanded', view, id, on });
  }
}
