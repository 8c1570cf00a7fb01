// The part of the built-in git extension's API (`vscode.git`, API version 1) that this extension uses.
import type * as vscode from 'vscode';

export interface GitExtension {
  readonly enabled: boolean;
  readonly onDidChangeEnablement: vscode.Event<boolean>;
  getAPI(version: 1): GitApi;
}

export interface GitApi {
  /** The git program the extension runs (its `git.path` setting, or the one it found). */
  readonly git: { readonly path: string };
  readonly state: 'uninitialized' | 'initialized';
  readonly onDidChangeState: vscode.Event<'uninitialized' | 'initialized'>;
  readonly repositories: GitRepository[];
  readonly onDidOpenRepository: vscode.Event<GitRepository>;
  readonly onDidCloseRepository: vscode.Event<GitRepository>;
}

export interface GitRemote {
  readonly name: string;
  readonly fetchUrl?: string;
  readonly pushUrl?: string;
}

export interface GitBranch {
  readonly name?: string;
  readonly upstream?: { readonly remote: string; readonly name: string };
}

export interface GitRepository {
  readonly rootUri: vscode.Uri;
  readonly state: {
    readonly HEAD: GitBranch | undefined;
    readonly remotes: GitRemote[];
    readonly onDidChange: vscode.Event<void>;
  };
  fetch(remote?: string, ref?: string): Promise<void>;
  checkout(treeish: string): Promise<void>;
  getBranch(name: string): Promise<GitBranch>;
}
