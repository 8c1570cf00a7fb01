import { RepoGroupNode } from './nodes/repoGroupNode';
import { TaskNode } from './nodes/taskNode';
import type { TreeNode } from '../shared/treeNode';
import { tasksOfRow, type TaskRow } from './attemptRows';
import { AttemptSetNode } from './nodes/attemptSetNode';
import * as l10n from '@vscode/l10n';

/**
 * My Tasks grouped by repository: the task nodes, in the view's order, under one node per repository, the
 * repositories in name order. The group nodes are kept by repository, so a redraw hands VS Code the same objects
 * and a task's parent is known when it is revealed.
 */
export class RepoGroups {
  private readonly groups = new Map<string, RepoGroupNode>();

  constructor(private readonly viewId: string) {}

  arrange(nodes: TaskRow[]): RepoGroupNode[] {
    const live = new Map<string, RepoGroupNode>();
    for (const node of nodes) {
      const key = groupKey(node);
      let group = live.get(key);
      if (!group) {
        const label =
          node.picture.repo?.label ??
          (key === 'unknown' ? l10n.t('No repository named') : l10n.t('repository {0}', key));
        group = this.groups.get(key) ?? new RepoGroupNode(this.viewId, key, label);
        group.label = label;
        group.tasks = [];
        live.set(key, group);
      }
      group.tasks.push(node);
    }
    this.groups.clear();
    for (const [k, g] of live) this.groups.set(k, g);
    return [...live.values()].sort((a, b) => a.label.localeCompare(b.label));
  }

  /**
   * The group a task's node is under, while the view is grouped: found from its repository when VS Code asks (to
   * reveal it), rather than noted for every row at every draw.
   */
  parentOf(node: TaskRow): RepoGroupNode | undefined {
    const group = this.groups.get(groupKey(node));
    return group?.tasks.includes(node) ? group : undefined;
  }

  clear(): void {
    this.groups.clear();
  }
}

function groupKey(node: TaskRow): string {
  const id = node.task.repository?.id;
  return typeof id === 'number' ? String(id) : 'unknown';
}

/** How many tasks top rows hold: task rows, the attempts under sets, and the tasks under repository groups. */
export const tasksIn = (roots: readonly TreeNode[]): number =>
  roots.reduce(
    (n, r) =>
      n +
      (r instanceof TaskNode || r instanceof AttemptSetNode
        ? tasksOfRow(r).length
        : r instanceof RepoGroupNode
          ? r.tasks.reduce((m, t) => m + tasksOfRow(t).length, 0)
          : 0),
    0,
  );
