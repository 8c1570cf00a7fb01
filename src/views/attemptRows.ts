import type { Task } from '../api';
import { DisposableBase } from '../lifecycle';
import type { AttemptSets } from '../model/attemptSets';
import type { TreeNode } from '../shared/treeNode';
import { AttemptSetNode, type SetRowContext } from './nodes/attemptSetNode';
import { TaskNode } from './nodes/taskNode';

/** A top row of a task view (or of a repository's group): a task, or a set of attempts with its attempts under it. */
export type TaskRow = TaskNode | AttemptSetNode;

export const isRow = (node: TreeNode): node is TaskRow => node instanceof TaskNode || node instanceof AttemptSetNode;

/** What a view reads of the sets of attempts started here. */
export type AttemptRowsSource = Pick<AttemptSets, 'get' | 'isAside' | 'showingAside' | 'onDidChange'>;

/**
 * The sets of attempts of a task view: the attempts' nodes, in the view's order, under one row per set, which takes
 * the place of its newest attempt shown (the list is newest first), so a set sorts by its newest attempt and keeps
 * its place while its attempts change. The set rows are kept by set, so a redraw hands VS Code the same objects. Only
 * the sets this workspace knows are sets: any other task stays an ordinary row. Attempts set aside are left out
 * unless the views show them.
 */
export class AttemptRows extends DisposableBase {
  private rows = new Map<string, AttemptSetNode>();
  private readonly ctx: SetRowContext;
  private readonly sets: AttemptRowsSource | undefined;

  constructor(
    opts: { attempts?: AttemptRowsSource; viewId: string; model: SetRowContext['model'] },
    /** A set made, an attempt started or set aside, the set-aside shown or hidden: the rows are arranged again. */
    rearrange: () => void,
  ) {
    super();
    this.sets = opts.attempts;
    const sets = opts.attempts;
    this.ctx = { viewId: opts.viewId, model: opts.model, showingAside: () => sets?.showingAside() === true };
    if (sets) this.register(sets.onDidChange(rearrange));
  }

  /** The tasks without those set aside here, unless the views show them (marked as such). */
  hide(tasks: Task[]): Task[] {
    const sets = this.sets;
    return sets && !sets.showingAside() ? tasks.filter(t => !sets.isAside(t.id)) : tasks;
  }

  arrange(nodes: readonly TaskNode[]): TaskRow[] {
    if (!this.sets) return [...nodes];
    const out: TaskRow[] = [];
    const live = new Map<string, AttemptSetNode>();
    for (const node of nodes) {
      const fact = node.picture.attempt;
      const set = fact && this.sets.get(fact.setId);
      if (!fact || !set) {
        node.parentSet = undefined;
        out.push(node);
        continue;
      }
      let row = live.get(set.id);
      if (!row) {
        row = this.rows.get(set.id) ?? new AttemptSetNode(set, this.ctx);
        row.set = set;
        row.attempts = [];
        live.set(set.id, row);
        out.push(row);
      }
      row.attempts.push(node);
      node.parentSet = row;
    }
    for (const row of live.values())
      row.attempts.sort((a, b) => (a.picture.attempt?.index ?? 0) - (b.picture.attempt?.index ?? 0));
    this.rows = live;
    return out;
  }

  /** The row of a set, while the view shows it. */
  rowOf(setId: string): AttemptSetNode | undefined {
    return this.rows.get(setId);
  }

  /** The set row an attempt's node is drawn under. */
  parentOf(node: TreeNode): TreeNode | undefined {
    return node instanceof TaskNode ? node.parentSet : undefined;
  }
}

/** The set rows above these nodes, once each: a set's row counts its attempts' states, so it is drawn with them. */
export function parentSets(nodes: readonly TaskNode[]): TreeNode[] {
  return [...new Set(nodes.flatMap(n => (n.parentSet ? [n.parentSet] : [])))];
}

/** The tasks a row stands for: itself, or a set's attempts shown. */
export const tasksOfRow = (row: TaskRow): readonly TaskNode[] => (row instanceof TaskNode ? [row] : row.attempts);
