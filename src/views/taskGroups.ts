import { RepoGroupNode } from './nodes/repoGroupNode';
import { TaskNode } from './nodes/taskNode';
import type { TreeNode } from '../shared/treeNode';
import * as l10n from '@vscode/l10n';

/**
 * My Tasks grouped by repository: the task nodes, in the view's order, under one node per repository, the
 * repositories in name order. The group nodes are kept by repository, so a redraw hands VS Code the same objects
 * and a task's parent is known when it is revealed.
 */
export class RepoGroups {
  private readonly groups = new Map<string, RepoGroupNode>();
  private readonly parents = new Map<string, RepoGroupNode>();

  constructor(private readonly viewId: string) {}

  arrange(nodes: TaskNode[]): RepoGroupNode[] {
    const live = new Map<string, RepoGroupNode>();
    this.parents.clear();
    for (const node of nodes) {
      const id = node.task.repository?.id;
      const key = typeof id === 'number' ? String(id) : 'unknown';
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
      this.parents.set(node.id, group);
    }
    this.groups.clear();
    for (const [k, g] of live) this.groups.set(k, g);
    return [...live.values()].sort((a, b) => a.label.localeCompare(b.label));
  }

  /** The group a task's node is under, while the view is grouped. */
  parentOf(taskId: string): RepoGroupNode | undefined {
    return this.parents.get(taskId);
  }

  clear(): void {
    this.groups.clear();
    this.parents.clear();
  }
}

/** How many tasks top rows hold: task rows, and the tasks under repository groups. */
export const tasksIn = (roots: readonly TreeNode[]): number =>
  roots.reduce((n, r) => n + (r instanceof TaskNode ? 1 : r instanceof RepoGroupNode ? r.tasks.length : 0), 0);
