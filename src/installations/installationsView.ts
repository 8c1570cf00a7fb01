import * as vscode from 'vscode';
import { VIEWS } from '../ids';
import { DisposableBase } from '../lifecycle';
import { Emitter } from '../shared/emitter';
import type { InstallationsModel, ModelChange } from './model';
import type { ServiceChoice } from '../service/serviceChoice';
import { InstallationNode } from './nodes/installationNode';
import { MessageNode } from '../shared/messageNode';
import type { TreeNode } from '../shared/treeNode';
import { setTokenCommand, slotLines, type InstallationsContext } from './nodes/slotLines';
import { TokenNode } from './nodes/tokenNode';

/** Shows the Installations view's progress bar while `work` runs. */
export function withViewProgress(work: Promise<unknown>): void {
  void vscode.window.withProgress({ location: { viewId: VIEWS.installations } }, () => work.catch(() => undefined));
}

/**
 * The Installations view (registered by installationsOnDemand.ts): draws the installations model with the same node
 * contract as the task views. Drawing never waits for the network: an unloaded list starts loading and shows a
 * progress line, and the node is redrawn when its list arrives.
 */
export class InstallationsView extends DisposableBase implements vscode.TreeDataProvider<TreeNode> {
  private readonly changed = this.register(new Emitter<TreeNode | undefined>());
  readonly onDidChangeTreeData = this.changed.event;
  private readonly nodes = new Map<number, InstallationNode>();
  private readonly ctx: InstallationsContext;
  private readonly tokenNode: TokenNode;

  constructor(
    private readonly model: InstallationsModel,
    private readonly service: ServiceChoice,
  ) {
    super();
    this.ctx = { model, load: withViewProgress };
    this.tokenNode = new TokenNode(this.ctx);
    this.register(model.onDidChange(c => this.modelChanged(c)));
  }

  getTreeItem(node: TreeNode): vscode.TreeItem {
    return node.getTreeItem();
  }

  async getChildren(node?: TreeNode): Promise<TreeNode[]> {
    try {
      return node ? await node.getChildren() : await this.roots();
    } catch (e) {
      return [
        new MessageNode(
          vscode.l10n.t('Could not draw this list: {0}', e instanceof Error ? e.message : String(e)),
          'error',
        ),
      ];
    }
  }

  private modelChanged(c: ModelChange): void {
    if (c.what === 'repositories') this.changed.fire(this.nodes.get(c.installationId));
    else if (c.what === 'tokenRepositories') this.changed.fire(this.tokenNode);
    else {
      if (c.what === 'all') this.nodes.clear();
      this.changed.fire(undefined);
    }
  }

  private async roots(): Promise<TreeNode[]> {
    if (this.service.current().kind === 'none') return [];
    const [user, token] = await Promise.all([this.model.has('fine_grained'), this.model.has('installation')]);
    const out: TreeNode[] = [];
    if (user) out.push(...this.installationLines());
    else if (token)
      out.push(
        new MessageNode(
          vscode.l10n.t('Set a fine-grained token to list your installations'),
          'key',
          setTokenCommand('fine_grained'),
          undefined,
          'need-user-token',
        ),
      );
    if (token) out.push(this.tokenNode);
    return out;
  }

  private installationLines(): TreeNode[] {
    const slot = this.model.installations;
    const live = new Set((slot.value ?? []).map(i => i.id));
    for (const id of [...this.nodes.keys()]) if (!live.has(id)) this.nodes.delete(id);
    return slotLines(this.ctx, slot, {
      key: 'installations',
      what: 'installations',
      empty: vscode.l10n.t('No installations you can access'),
      id: { what: 'installations' },
      start: () => this.model.refreshInstallations(),
      // Kept per id, so that a change to one installation's repositories redraws that node only.
      node: inst => {
        let node = this.nodes.get(inst.id);
        if (node) node.installation = inst;
        else this.nodes.set(inst.id, (node = new InstallationNode(inst, this.ctx)));
        return node;
      },
    });
  }
}
