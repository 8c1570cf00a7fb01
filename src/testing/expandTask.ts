// Expands a task's row in a task view, as a click on its twistie would.
import * as vscode from 'vscode';
import type { TaskViews } from '../views/taskViews';

export async function expandTask(
  views: TaskViews,
  view: 'repoTasks' | 'myTasks',
  id: string,
  expand: boolean,
): Promise<void> {
  const [tree, provider] =
    view === 'repoTasks' ? [views.repoView, views.repoProvider] : [views.mineView, views.mineProvider];
  if (!expand) return void (await vscode.commands.executeCommand('list.collapseAll'));
  // A redraw between reading the rows and revealing one leaves VS Code without the row asked for ("Cannot resolve
  // tree item"): read the rows again, as the next draw has them, and reveal that row.
  for (let tries = 1; ; tries++) {
    await provider.getChildren();
    const node = provider.nodeFor(id);
    if (!node) throw new Error(`task ${id} is not shown in ${view}`);
    try {
      return await tree.reveal(node, { expand: true, select: false, focus: false });
    } catch (err) {
      if (tries >= 5 || !/Cannot resolve tree item/.test(String(err))) throw err;
      await new Promise(resolve => setTimeout(resolve, 100 * tries));
    }
  }
}
