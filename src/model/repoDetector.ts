import { host } from '#env';
import * as vscode from 'vscode';
import type { RepoRef } from '../api/params';
import { STATE_KEYS } from '../ids';
import { DisposableBase } from '../lifecycle';
import type { Log } from '../log';
import { Emitter } from '../shared/emitter';
import type { GitApi, GitExtension, GitRemote, GitRepository } from './gitApi';
import { parseGitConfigRemotes, parseRemoteUrl, remoteMatchesService, repoLabel, sameRepo } from './remotes';

export interface RepoCandidate extends RepoRef {
  /** The git remote it came from, and the local repository, when it was detected (not typed in). */
  remote?: string;
  git?: GitRepository;
}

export type RepoState = 'loading' | 'noGit' | 'none' | 'found';

/** Remotes from a workspace folder's git config file, read before the Git extension has read the repository. */
interface ConfigRead {
  root: vscode.Uri;
  remotes: GitRemote[];
}

/** A set of remotes and the local repository they belong to, when the Git extension has it. */
interface Source {
  remotes: GitRemote[];
  git?: GitRepository;
}

/** Git has read this repository (its first status is in: HEAD and remotes are known). */
const loaded = (r: GitRepository) => r.state.HEAD !== undefined || r.state.remotes.length > 0;
const sameRoot = (a: vscode.Uri, b: vscode.Uri) =>
  a.scheme === b.scheme && host.path.normalize(a.fsPath) === host.path.normalize(b.fsPath);

/**
 * Finds the service's repositories among the workspace's git remotes (through `vscode.git`) and says which one the
 * Repository view shows: the user's pick (remembered per workspace), else `origin`, else the first match.
 * Scanning the workspace takes the Git extension a while (a process per repository), so each workspace folder's
 * `.git/config` is read at once as well, and its remotes answer until Git has read that repository or has
 * finished without it.
 */
export class RepoDetector extends DisposableBase {
  private readonly changed = this.register(new Emitter<void>());
  readonly onDidChange = this.changed.event;
  private readonly repoSubscriptions = new Map<GitRepository, vscode.Disposable>();
  private git: GitApi | undefined;
  private gitMissing = false;
  private configs: ConfigRead[] = [];
  private last = '';
  /**
   * The candidates as last found, for the service address they were found for: every draw and poll asks, and each
   * finding asks Git for its repositories and parses every remote. Forgotten at every event that can change them
   * (they all go through emitIfChanged).
   */
  private found: { url: string; candidates: RepoCandidate[] } | undefined;

  constructor(
    private readonly matchUrl: () => string,
    private readonly workspaceState: vscode.Memento,
    private readonly log: Log,
  ) {
    super();
    this.register({ dispose: () => this.repoSubscriptions.forEach(d => void d.dispose()) });
  }

  /** The workspace's folders (their URIs), which the repositories are found in. */
  folders(): string[] {
    return (vscode.workspace.workspaceFolders ?? []).map(f => f.uri.toString());
  }

  /** Connects to the git extension; resolves once the first answer is known. */
  async start(): Promise<void> {
    const configs = this.readConfigs();
    try {
      const ext = vscode.extensions.getExtension<GitExtension>('vscode.git');
      if (!ext) throw new Error('the built-in Git extension is not installed');
      const exported = ext.isActive ? ext.exports : await ext.activate();
      if (!exported.enabled) {
        this.gitMissing = true;
        this.register(exported.onDidChangeEnablement(on => on && this.attach(exported)));
      } else {
        this.attach(exported);
      }
    } catch (err) {
      this.gitMissing = true;
      this.log.warn(`git unavailable: ${err instanceof Error ? err.message : String(err)}`);
    }
    await configs;
    this.emitIfChanged();
  }

  /** Reads the remotes of every workspace folder that is a repository's root, from its config file (src/env). */
  async readConfigs(): Promise<void> {
    const folders = vscode.workspace.workspaceFolders ?? [];
    const reads = await Promise.all(
      folders.map(async (f): Promise<ConfigRead | undefined> => {
        try {
          const text = await host.gitConfigText(f.uri);
          if (text === undefined) return undefined;
          return { root: f.uri, remotes: parseGitConfigRemotes(text) };
        } catch {
          return undefined; // not a repository's root, or unreadable: the Git extension will say
        }
      }),
    );
    this.configs = reads.filter((r): r is ConfigRead => r !== undefined);
    this.emitIfChanged();
  }

  private attach(ext: GitExtension): void {
    const git = ext.getAPI(1);
    this.git = git;
    this.gitMissing = false;
    this.register(git.onDidOpenRepository(r => this.watch(r)));
    this.register(
      git.onDidCloseRepository(r => {
        this.repoSubscriptions.get(r)?.dispose();
        this.repoSubscriptions.delete(r);
        this.emitIfChanged();
      }),
    );
    this.register(git.onDidChangeState(() => this.emitIfChanged()));
    for (const r of git.repositories) this.watch(r);
    this.emitIfChanged();
  }

  private watch(r: GitRepository): void {
    if (this.repoSubscriptions.has(r)) return;
    this.repoSubscriptions.set(
      r,
      r.state.onDidChange(() => this.emitIfChanged()),
    );
    this.emitIfChanged();
  }

  /** The service address changed: matches must be recomputed. */
  refresh(): void {
    this.emitIfChanged();
  }

  get state(): RepoState {
    if (this.chosenManual()) return 'found';
    if (this.gitMissing) return this.candidates().length ? 'found' : 'noGit';
    if (this.candidates().length) return 'found';
    return !this.git || this.git.state === 'uninitialized' ? 'loading' : 'none';
  }

  /** Every repository of the service found in the workspace's remotes, one entry per owner/repo. */
  candidates(): RepoCandidate[] {
    const url = this.matchUrl();
    if (!url) return [];
    if (this.found?.url === url) return this.found.candidates;
    const out: RepoCandidate[] = [];
    for (const { remotes: all, git } of this.sources()) {
      const remotes = [...all].sort((a, b) => rank(a.name) - rank(b.name));
      for (const remote of remotes) {
        const parsed = parseRemoteUrl(remote.fetchUrl ?? remote.pushUrl ?? '');
        if (!parsed || !remoteMatchesService(parsed, url)) continue;
        if (out.some(c => sameRepo(c, parsed))) continue;
        out.push({ owner: parsed.owner, repo: parsed.repo, remote: remote.name, git });
      }
    }
    this.found = { url, candidates: out };
    return out;
  }

  /**
   * Where remotes come from: the repositories Git has read, then the config files of folders Git has not read
   * yet. A config file stops counting once Git has read its repository, or has finished its scan without one there
   * (it may be set not to open it); without the Git extension none count, as before it was found missing, but where
   * the host runs no git at all (the browser, src/env): there the config files are all there is.
   */
  private sources(): Source[] {
    if (this.gitMissing) return host.hasGit ? [] : this.configs.map(c => ({ remotes: c.remotes }));
    const repos = this.git?.repositories ?? [];
    const out: Source[] = repos.filter(loaded).map(git => ({ remotes: git.state.remotes, git }));
    const scanned = this.git?.state === 'initialized';
    for (const c of this.configs) {
      const git = repos.find(r => sameRoot(r.rootUri, c.root));
      if (git ? !loaded(git) : !scanned) out.push({ remotes: c.remotes, git });
    }
    return out;
  }

  /** The repository the view shows. */
  current(): RepoCandidate | undefined {
    const all = this.candidates();
    const chosen = this.workspaceState.get<{ owner: string; repo: string }>(STATE_KEYS.chosenRepo);
    if (chosen) {
      const hit = all.find(c => sameRepo(c, chosen));
      if (hit) return hit;
      if (this.chosenManual()) return { owner: chosen.owner, repo: chosen.repo };
    }
    return all[0];
  }

  /**
   * The repository a file belongs to: the detected one whose local root holds it (the deepest, for nested
   * repositories), preferring the view's own repository when that one holds it too; else the view's repository.
   */
  forFile(uri: vscode.Uri): RepoCandidate | undefined {
    const current = this.current();
    const holds = (c: RepoCandidate) => {
      const root = c.git?.rootUri;
      return (
        !!root &&
        root.scheme === uri.scheme &&
        (uri.path === root.path || uri.path.startsWith(root.path.replace(/\/?$/, '/')))
      );
    };
    if (current && holds(current)) return current;
    const holding = this.candidates().filter(holds);
    holding.sort((a, b) => (b.git?.rootUri.path.length ?? 0) - (a.git?.rootUri.path.length ?? 0));
    return holding[0] ?? current;
  }

  /** Remembers the user's pick for this workspace; `manual` when typed in rather than detected. */
  async choose(repo: { owner: string; repo: string } | undefined, manual = false): Promise<void> {
    await this.workspaceState.update(
      STATE_KEYS.chosenRepo,
      repo ? { owner: repo.owner, repo: repo.repo, manual } : undefined,
    );
    this.emitIfChanged(true);
  }

  private chosenManual(): boolean {
    return this.workspaceState.get<{ manual?: boolean }>(STATE_KEYS.chosenRepo)?.manual === true;
  }

  private emitIfChanged(force = false): void {
    this.found = undefined;
    const c = this.current();
    const now = `${this.state}|${c ? repoLabel(c) : ''}|${this.candidates().map(repoLabel).join(',')}`;
    if (force || now !== this.last) {
      this.last = now;
      this.changed.fire();
    }
  }
}

function rank(remote: string): number {
  return remote === 'origin' ? 0 : remote === 'upstream' ? 1 : 2;
}
