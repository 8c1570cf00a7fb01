import * as vscode from 'vscode';
import { COMMANDS, INSTALLATION_COMMANDS, VIEWS, type TokenKind } from '../ids';
import type { Access } from './api';
import type { Explanation } from './explain';
import type { InstallationsModel, ModelChange, Slot } from './model';
import { InstallationNode } from './nodes/installationNode';
import { MessageNode } from './nodes/messageNode';
import { RepositoryNode } from './nodes/repositoryNode';
import { TokenNode } from './nodes/tokenNode';
import { canRemove } from './policy';

export type Node = InstallationNode | RepositoryNode | TokenNode | MessageNode;

/** The tree as plain data: what a user would read in the view. Commands return it so tests can compare. */
export interface SnapshotNode {
  label: string;
  description: string;
  contextValue: string;
  tooltip: string;
  children?: SnapshotNode[];
}

export interface ProviderEnv {
  access: Pick<Access, 'has'>;
  /** False when no service is configured (the welcome content offers one). */
  serviceConfigured(): boolean;
}

/**
 * Draws the model. `getChildren` never throws and never waits for the network: an unloaded list starts
 * loading and shows a progress line, and the node is redrawn when its list arrives.
 */
export class InstallationsProvider implements vscode.TreeDataProvider<Node>, vscode.Disposable {
  private readonly changed = new vscode.EventEmitter<Node | undefined>();
  readonly onDidChangeTreeData = this.changed.event;
  private readonly nodes = new Map<number, InstallationNode>();
  private readonly tokenNode = new TokenNode();
  private readonly subscription: { dispose(): void };

  constructor(private readonly model: InstallationsModel, private readonly env: ProviderEnv) {
    this.subscription = model.onDidChange(c => this.onModelChange(c));
  }

  private onModelChange(c: ModelChange): void {
    if (c.what === 'repositories') {
      const node = this.nodes.get(c.installationId);
      this.changed.fire(node);
    } else if (c.what === 'tokenRepositories') {
      this.changed.fire(this.tokenNode);
    } else {
      if (c.what === 'all') this.nodes.clear();
      this.changed.fire(undefined);
    }
  }

  /** Shows the view's progress bar while `work` runs. */
  track(work: Promise<unknown>): void {
    void vscode.window.withProgress({ location: { viewId: VIEWS.installations } }, () => work.catch(() => undefined));
  }

  getTreeItem(node: Node): vscode.TreeItem {
    switch (node.kind) {
      case 'installation': return node.treeItem(this.model.repositoriesOf(node.id));
      case 'token': return node.treeItem(this.model.tokenRepositories);
      default: return node.treeItem();
    }
  }

  async getChildren(node?: Node): Promise<Node[]> {
    try {
      return await this.children(node, true);
    } catch (e) {
      return [new MessageNode('error', `Could not draw this list: ${e instanceof Error ? e.message : String(e)}`, 'error')];
    }
  }

  async children(node: Node | undefined, load: boolean): Promise<Node[]> {
    if (!node) return this.roots(load);
    if (node.kind === 'installation') return this.repositoriesOf(node, load);
    if (node.kind === 'token') return this.tokenRepositories(load);
    return [];
  }

  private async roots(load: boolean): Promise<Node[]> {
    if (!this.env.serviceConfigured()) return [];
    const [user, token] = await Promise.all([this.env.access.has('fine_grained'), this.env.access.has('installation')]);
    const out: Node[] = [];
    if (user) out.push(...this.installationNodes(load));
    else if (token) out.push(new MessageNode('need-user-token', 'Set a fine-grained token to list your installations', 'key', setToken('fine_grained')));
    if (token) out.push(this.tokenNode);
    return out;
  }

  private installationNodes(load: boolean): Node[] {
    const s = this.model.installations;
    if (load && !s.value && !s.loading && !s.problem) this.track(this.model.refreshInstallations());
    const out: Node[] = [];
    if (s.problem) out.push(problemNode('installations', s.problem));
    if (s.value) {
      const seen = new Set<number>();
      for (const inst of s.value) {
        seen.add(inst.id);
        let node = this.nodes.get(inst.id);
        if (node) node.installation = inst;
        else this.nodes.set(inst.id, (node = new InstallationNode(inst)));
        out.push(node);
      }
      for (const id of [...this.nodes.keys()]) if (!seen.has(id)) this.nodes.delete(id);
      if (!s.value.length && !s.problem) out.push(new MessageNode('no-installations', 'No installations you can access', 'info'));
    } else if (!s.problem) {
      out.push(loadingNode('installations', s, 'installations'));
    }
    return out;
  }

  private repositoriesOf(node: InstallationNode, load: boolean): Node[] {
    const s = this.model.repositoriesOf(node.id);
    if (load && !s.value && !s.loading && !s.problem) this.track(this.model.refreshRepositories(node.id));
    const out: Node[] = [];
    const key = `installation:${node.id}`;
    if (s.problem) out.push(problemNode(key, s.problem));
    if (s.value) {
      const all = s.value;
      for (const r of all) out.push(new RepositoryNode(r, node.id, canRemove(node.installation, r, all)));
      if (!all.length && !s.problem) out.push(new MessageNode(`${key}:empty`, 'No repositories you can access in this installation', 'info'));
    } else if (!s.problem) {
      out.push(loadingNode(key, s, 'repositories'));
    }
    return out;
  }

  private tokenRepositories(load: boolean): Node[] {
    const s = this.model.tokenRepositories;
    if (load && !s.value && !s.loading && !s.problem) this.track(this.model.refreshTokenRepositories());
    const out: Node[] = [];
    if (s.problem) out.push(problemNode('token', s.problem));
    if (s.value) {
      for (const r of s.value) out.push(new RepositoryNode(r, undefined, undefined));
      if (!s.value.length && !s.problem) out.push(new MessageNode('token:empty', 'This installation token reaches no repositories', 'info'));
    } else if (!s.problem) {
      out.push(loadingNode('token', s, 'repositories'));
    }
    return out;
  }

  /** The tree as loaded so far, without starting any load. */
  async snapshot(node?: Node): Promise<SnapshotNode[]> {
    const out: SnapshotNode[] = [];
    for (const child of await this.children(node, false)) {
      const item = this.getTreeItem(child);
      const entry: SnapshotNode = {
        label: typeof item.label === 'string' ? item.label : item.label?.label ?? '',
        description: typeof item.description === 'string' ? item.description : '',
        contextValue: item.contextValue ?? '',
        tooltip: typeof item.tooltip === 'string' ? item.tooltip : item.tooltip?.value ?? '',
      };
      const expandable = item.collapsibleState !== undefined && item.collapsibleState !== vscode.TreeItemCollapsibleState.None;
      if (expandable) {
        const slot: Slot<unknown> = child.kind === 'installation' ? this.model.repositoriesOf(child.id) : this.model.tokenRepositories;
        if (slot.value || slot.problem) entry.children = await this.snapshot(child);
      }
      out.push(entry);
    }
    return out;
  }

  /** Redraws everything, e.g. after a token was set. */
  redraw(): void {
    this.changed.fire(undefined);
  }

  dispose(): void {
    this.subscription.dispose();
    this.changed.dispose();
  }
}

function setToken(kind: TokenKind): vscode.Command {
  return { command: COMMANDS.setToken, title: 'Set Token…', arguments: [kind] };
}

function problemNode(key: string, p: Explanation & { status?: number }): MessageNode {
  const command = p.tokenKind ? setToken(p.tokenKind) : { command: INSTALLATION_COMMANDS.refresh, title: 'Retry' };
  const hint = p.tokenKind ? ' (click to set the token)' : ' (click to retry)';
  // The first sentence fits a tree line; the whole explanation is in the tooltip.
  const first = /^.+?[.!?](?=\s|$)/.exec(p.message)?.[0] ?? p.message;
  return new MessageNode(`${key}:problem`, first, p.tokenKind ? 'key' : 'error', command, p.message + hint);
}

function loadingNode(key: string, s: Slot<unknown>, what: string): MessageNode {
  const text = s.loading && s.loading.total
    ? `Loading ${what}… ${s.loading.done} of ${s.loading.total}`
    : `Loading ${what}…`;
  return new MessageNode(`${key}:loading`, text, 'loading');
}
