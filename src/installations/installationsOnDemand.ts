// The Installations view as VS Code knows it from activation on, and the installations model as the commands reach
// it. The view starts collapsed, so their code (dist/installations.js) is required when the view first draws or a
// command first needs the model; nothing is known of installations before that.
import * as vscode from 'vscode';
import { VIEWS } from '../ids';
import { loadBundle } from '../lazy';
import { DisposableBase } from '../lifecycle';
import { Emitter } from '../shared/emitter';
import type { InstallationsModel, InstallationsModelDeps } from './model';
import type { ServiceChoice } from '../service/serviceChoice';
import type * as Bundle from './installationsBundle';
import type { TreeNode } from '../shared/treeNode';

export class InstallationsOnDemand extends DisposableBase implements vscode.TreeDataProvider<TreeNode> {
  private parts: Bundle.InstallationsParts | undefined;
  private readonly changed = this.register(new Emitter<TreeNode | undefined>());
  readonly onDidChangeTreeData = this.changed.event;

  constructor(
    private readonly deps: InstallationsModelDeps,
    private readonly service: ServiceChoice,
  ) {
    super();
    this.register(vscode.window.createTreeView(VIEWS.installations, { treeDataProvider: this, showCollapseAll: true }));
  }

  /** The installations model, built now if nothing needed it before. */
  model(): InstallationsModel {
    return this.built().model;
  }

  getTreeItem(node: TreeNode): vscode.TreeItem {
    return node.getTreeItem();
  }

  getChildren(node?: TreeNode): Promise<TreeNode[]> {
    return this.built().view.getChildren(node);
  }

  private built(): Bundle.InstallationsParts {
    if (this.parts) return this.parts;
    const parts = loadBundle<typeof Bundle>('installations').createInstallations(this.deps, this.service);
    this.register(parts.model);
    this.register(parts.view);
    this.register(parts.view.onDidChangeTreeData(node => this.changed.fire(node)));
    this.parts = parts;
    return parts;
  }
}
