// VS Code's extension host keeps its own node for every row of a view's previous draw (with the item the view gave
// it) once the view is drawn again whole, and lets go of them only at the view's next change event. After a long list
// is drawn again and nothing changes, a whole list's worth of rows stays in memory: at 10,000 tasks, 14,000 rows and
// about 8 MB of the host's heap (bench/profile.mjs snapshots --tasks 10000). Once VS Code has the new rows, a change
// naming no row it knows lets go of the earlier ones and redraws nothing.
import type * as vscode from 'vscode';
import type { Disposable } from '../lifecycle';
import type { TreeNode } from '../shared/treeNode';

/** The change that names no row: VS Code knows no node for it, draws nothing for it, and never asks for its item. */
export const EARLIER_ROWS: TreeNode = Object.freeze({
  kind: 'message' as const,
  getTreeItem: (): vscode.TreeItem => ({}),
  getChildren: () => [],
});

export class EarlierRows implements Disposable {
  private due = false;
  private timer: ReturnType<typeof setTimeout> | undefined;

  constructor(private readonly fire: (node: TreeNode) => void) {}

  /** The view is to be drawn again whole: VS Code will keep the rows it has until told. */
  redrawn(): void {
    this.due = true;
  }

  /** VS Code was handed the view's rows; once it has made its nodes of them, it may let go of the earlier ones. */
  drawn(): void {
    if (!this.due) return;
    this.due = false;
    this.timer ??= setTimeout(() => {
      this.timer = undefined;
      this.fire(EARLIER_ROWS);
    }, 0);
  }

  dispose(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
  }
}
