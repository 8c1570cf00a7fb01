import type { AttemptSets } from '../model/attemptSets';
import { AttemptSetNode, type SetRowContext } from './nodes/attemptSetNode';
import { TaskNode } from './nodes/taskNode';

/** A top row of a task view (or of a repository's group): a task, or a set of attempts with its attempts under it. */
export type TaskRow = TaskNode | AttemptSetNode;

/**
 * The sets of attempts of a task view: the attempts' nodes, in the view's order, under one row per set, which takes
 * the place of its newest attempt shown (the list is newest first), so a set sorts by its newest attempt and keeps
 * its place while its attempts change. The set rows are kept by set, so a redraw hands VS Code the same objects. Only
 * the sets this workspace knows are sets: any other task stays an ordinary row.
 */
export class AttemptRows {
  private rows = new Map<string, AttemptSetNode>();

  constructor(
    private readonly sets: Pick<AttemptSets, 'get'>,
    private readonly ctx: SetRowContext,
  ) {}

  arrange(nodes: readonly TaskNode[]): TaskRow[] {
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
}

/** The tasks a row stands for: itself, or a set's attempts shown. */
export const tasksOfRow = (row: TaskRow): readonly TaskNode[] => (row instanceof TaskNode ? [row] : row.attempts);
