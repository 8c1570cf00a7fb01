// The Installations view as VS Code knows it from activation on, and the installations model as the commands reach
// it. The view starts collapsed, so their code (model.ts, installationsView.ts and what they import) is imported when
// the view first draws or a command first needs the model; nothing is known of installations before that.
import * as vscode from 'vscode';
import { VIEWS } from '../ids';
import { DisposableBase } from '../lifecycle';
import { Emitter } from '../shared/emitter';
import type { InstallationsModel, InstallationsModelDeps } from './model';
import type { InstallationsView } from './installationsView';
import type { ServiceChoice } from '../service/serviceChoice';
import type { TreeNode } from '../shared/treeNode';

interface Parts {
  model: InstallationsModel;
  view: InstallationsView;
}

export class InstallationsOnDemand extends DisposableBase implements vscode.TreeDataProvider<TreeNode> {
  private parts: Parts | undefined;
  private loading: Promise<Parts> | undefined;
  private readonly changed = this.register(new Emitter<TreeNode | undefined>());
  readonly onDidChangeTreeData = this.changed.event;

  constructor(
    private readonly deps: InstallationsModelDeps,
    private readonly service: ServiceChoice,
  ) {
    super();
    this.register(vscode.window.createTreeView(VIEWS.installations, { treeDataProvider: this, showCollapseAll: true }));
  }

  /** The installations model; the commands that read it run once `ready()` resolved. */
  model(): InstallationsModel {
    if (!this.parts) throw new Error('the installations model is not built yet');
    return this.parts.model;
  }

  getTreeItem(node: TreeNode): vscode.TreeItem {
    return node.getTreeItem();
  }

  async getChildren(node?: TreeNode): Promise<TreeNode[]> {
    return (await this.ready()).view.getChildren(node);
  }

  /** The model and the view's drawing, imported and built on the first call. */
  ready(): Promise<Parts> {
    this.loading ??= Promise.all([import('./model'), import('./installationsView')]).then(([m, v]) => {
      const model = new m.InstallationsModel(this.deps);
      const parts = { model, view: new v.InstallationsView(model, this.service) };
      this.register(parts.model);
      this.register(parts.view);
      this.register(parts.view.onDidChangeTreeData(node => this.changed.fire(node)));
      this.parts = parts;
      return parts;
    });
    return this.loading;
  }
}
