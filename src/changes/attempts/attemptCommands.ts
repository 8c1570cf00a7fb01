// Compare Attempts and Keep the best of each: the commands of the Compare Attempts view. The comparison is read when
// asked for (a set's row, a task of the set, the task page, the palette); the view is made then, shown while a
// comparison is open. Picks are kept per set for the window's life, so a refresh (or comparing another set and coming
// back) keeps them; one Apply writes them through the land Apply Changes uses (applyPicks.ts), with its Undo.
import * as vscode from 'vscode';
import type { ChangesModel } from '../changesModel';
import type { GitRunner } from '../../git/gitRunner';
import { DisposableBase } from '../../lifecycle';
import type { Log } from '../../log';
import type { AttemptSets } from '../../model/attemptSets';
import type { Task } from '../../api';
import type { CommandRegistry } from '../../shared/registry';
import { forLabel, forMessage, forQuickPick } from '../../safety/serviceText';
import { whichSet } from './whichSet';
import { tell, type Ui } from '../../ui';
import type { LandCommands } from '../land/landCommands';
import { applyPicks, type PickSource } from './applyPicks';
import { compareSet, type Comparison } from './comparison';
import {
  ATTEMPTS_VIEW,
  ATTEMPT_COMMANDS,
  AttemptsTree,
  COMPARING,
  attemptName,
  type AttemptNode,
} from './attemptsView';
import type { Resource } from '../multiDiff';
import { openAttemptsDiff, openBaseDiff, openTwoAttempts, readyOf, type Ready } from './attemptDiffs';

/** What the commands act on, from the changes feature (changes.ts). */
export interface AttemptDeps {
  changes: ChangesModel;
  git: GitRunner;
  gitPath(): string | undefined;
  storage(): string;
  task(id: string): Task | undefined;
  loadDetails(id: string): Promise<void>;
  sets: Pick<AttemptSets, 'get' | 'list' | 'ofTask'>;
  ui: Ui;
  log: Log;
}

/** What Compare Attempts hands back (tests read it): the comparison shown and the view's provider. */
export interface Compared {
  comparison: Comparison;
  tree: vscode.TreeDataProvider<AttemptNode>;
  /** What the view says above its rows, if anything. */
  message?: string;
}

export class AttemptCommands extends DisposableBase {
  private tree: AttemptsTree | undefined;
  private view: vscode.TreeView<AttemptNode> | undefined;
  /** Per set: the attempt whose version of each path is kept. */
  private readonly picks = new Map<string, Map<string, number>>();

  constructor(
    private readonly deps: () => AttemptDeps,
    commands: CommandRegistry,
    private readonly land: LandCommands,
  ) {
    super();
    const C = ATTEMPT_COMMANDS;
    this.register(
      commands.register({
        [C.compare]: (a: unknown) => this.compare(a),
        [C.openDiff]: (n: unknown) => this.openDiff(n),
        [C.compareTwo]: (n: unknown) => this.compareTwo(n),
        [C.openBaseDiff]: (n: unknown) => this.openBase(n),
        [C.multiDiff]: () => this.multiDiff(),
        [C.pick]: (n: unknown, index?: unknown) => this.pick(n, index),
        [C.keepBase]: (n: unknown) => this.keepBase(n),
        [C.apply]: () => this.apply(),
        [C.refresh]: () => this.refresh(),
        [C.close]: () => this.close(),
      }),
    );
  }

  private get d(): AttemptDeps {
    return this.deps();
  }

  private get current(): Comparison | undefined {
    return this.tree?.comparison;
  }

  private picksOf(setId: string): Map<string, number> {
    let p = this.picks.get(setId);
    if (!p) this.picks.set(setId, (p = new Map<string, number>()));
    return p;
  }

  private async compare(arg: unknown, force = false): Promise<Compared | undefined> {
    const set = await whichSet(arg, this.d.sets, this.d.ui);
    if (!set) return undefined;
    const tree = this.ensureView();
    await vscode.commands.executeCommand('setContext', COMPARING, true);
    this.view!.title = vscode.l10n.t('Compare Attempts');
    this.view!.description = forLabel(set.name, 80);
    this.view!.message = vscode.l10n.t('Reading the attempts’ branches…');
    if (this.current?.set.id !== set.id) tree.show(undefined, this.picksOf(set.id));
    void vscode.commands.executeCommand(`${ATTEMPTS_VIEW}.focus`);
    const d = this.d;
    const comparison = await compareSet(
      set,
      {
        task: id => d.task(id),
        loadDetails: id => d.loadDetails(id),
        changes: async (id, f) => {
          await d.changes.load(id, f);
          return d.changes.get(id);
        },
      },
      force,
    );
    const ready = comparison.attempts.filter(x => x.kind === 'ready').length;
    // Every attempt that started is gone from the service: said once, for the set, not once per attempt.
    const started = comparison.attempts.filter(x => x.kind !== 'notStarted');
    const gone = started.length > 0 && started.every(x => x.kind === 'gone');
    if (gone)
      tell(
        d.ui,
        'error',
        vscode.l10n.t(
          'The service no longer has any attempt of “{0}”: there is nothing to compare. Set Aside hides the set here.',
          forMessage(set.name, 120),
        ),
      );
    this.view!.message = gone
      ? vscode.l10n.t('The service no longer has any attempt of this set.')
      : ready === 0
        ? vscode.l10n.t('No attempt of this set can be compared: each row says why.')
        : comparison.files.length === 0
          ? vscode.l10n.t('No attempt changed any file.')
          : undefined;
    d.log.info(`compare ${set.id}: ${ready} of ${set.attempts.length} attempts read, ${comparison.files.length} files`);
    tree.show(comparison, this.picksOf(set.id));
    return { comparison, tree, message: this.view!.message };
  }

  private ensureView(): AttemptsTree {
    if (this.tree) return this.tree;
    this.tree = this.register(new AttemptsTree());
    this.view = this.register(vscode.window.createTreeView(ATTEMPTS_VIEW, { treeDataProvider: this.tree }));
    return this.tree;
  }

  private node(n: unknown): AttemptNode | undefined {
    const k = (n as AttemptNode | undefined)?.kind;
    return k === 'file' || k === 'version' || k === 'attempt' ? (n as AttemptNode) : undefined;
  }

  private async openDiff(n: unknown): Promise<void> {
    const node = this.node(n);
    const c = this.current;
    if (!c || !node || node.kind === 'attempt') return;
    const changed = [...node.file.changes.keys()];
    if (changed.length === 1) return this.openBase({ kind: 'version', file: node.file, index: changed[0] });
    // The first two attempts that differ there (two that agree would show no difference), else the first two.
    const same = (a: number, b: number) => node.file.agree.some(g => g.includes(a) && g.includes(b));
    const pairs = changed.flatMap((a, x) => changed.slice(x + 1).map(b => [a, b] as const));
    const [a, b] = pairs.find(([x, y]) => !same(x, y)) ?? pairs[0];
    await openTwoAttempts(c, node.file, a, b);
  }

  private async compareTwo(n: unknown): Promise<void> {
    const node = this.node(n);
    const c = this.current;
    if (!c || !node || node.kind === 'attempt') return;
    const total = c.set.attempts.length;
    const changed = [...node.file.changes.keys()];
    const pairs: { label: string; a?: number; b: number }[] = [];
    for (const [x, a] of changed.entries())
      for (const b of changed.slice(x + 1))
        pairs.push({ label: vscode.l10n.t('Attempt {0} ↔ attempt {1}', a + 1, b + 1), a, b });
    for (const b of changed) pairs.push({ label: vscode.l10n.t('Base ↔ attempt {0}', b + 1), b });
    const chosen = await this.d.ui.pick(
      pairs.map(p => ({ ...p, description: p.a === undefined ? attemptName(c.attempts[p.b], total) : undefined })),
      { placeHolder: vscode.l10n.t('Compare {0} between which two?', forQuickPick(node.file.path)) },
    );
    if (!chosen) return;
    if (chosen.a === undefined) await this.openBase({ kind: 'version', file: node.file, index: chosen.b });
    else await openTwoAttempts(c, node.file, chosen.a, chosen.b);
  }

  private async openBase(n: unknown): Promise<void> {
    const node = n as { kind?: string; file?: { path?: string; changes?: Map<number, unknown> }; index?: unknown };
    const c = this.current;
    if (!c || typeof node?.index !== 'number' || typeof node.file?.path !== 'string') return;
    await openBaseDiff(c, node.file.path, node.index);
  }

  private async multiDiff(): Promise<Resource[] | undefined> {
    const c = this.current;
    if (!c) return undefined;
    const total = c.set.attempts.length;
    const ready = c.attempts.flatMap(a => (a.kind === 'ready' ? [a] : []));
    if (ready.length < 2) {
      tell(this.d.ui, 'info', vscode.l10n.t('Two attempts are needed to compare; fewer can be read.'));
      return undefined;
    }
    const pairs = ready.flatMap((a, x) =>
      ready.slice(x + 1).map(b => ({ label: `${attemptName(a, total)} ↔ ${attemptName(b, total)}`, a, b })),
    );
    const chosen =
      pairs.length === 1
        ? pairs[0]
        : await this.d.ui.pick(
            pairs.map(p => ({ ...p, label: forQuickPick(p.label) })),
            { placeHolder: vscode.l10n.t('Open every file of which two attempts?') },
          );
    return chosen ? openAttemptsDiff(c, chosen.a.index, chosen.b.index) : undefined;
  }

  private async pick(n: unknown, given?: unknown): Promise<void> {
    const node = this.node(n);
    const c = this.current;
    if (!c || !node || node.kind === 'attempt') return;
    let index = node.kind === 'version' ? node.index : typeof given === 'number' ? given : undefined;
    if (index === undefined) {
      const total = c.set.attempts.length;
      const items = [
        ...[...node.file.changes.keys()].map(i => ({ label: attemptName(c.attempts[i], total), index: i })),
        { label: vscode.l10n.t('Keep Base'), index: -1 },
      ];
      const chosen = await this.d.ui.pick(items, {
        placeHolder: vscode.l10n.t('Keep which version of {0}?', forQuickPick(node.file.path)),
      });
      if (!chosen) return;
      index = chosen.index;
    }
    const picks = this.picksOf(c.set.id);
    if (index < 0 || !node.file.changes.has(index)) picks.delete(node.file.path);
    else picks.set(node.file.path, index);
    this.tree?.show(c, picks);
  }

  private keepBase(n: unknown): void {
    const node = this.node(n);
    const c = this.current;
    if (!c || !node || node.kind === 'attempt') return;
    this.picksOf(c.set.id).delete(node.file.path);
    this.tree?.show(c, this.picksOf(c.set.id));
  }

  private async apply(): Promise<unknown> {
    const c = this.current;
    if (!c) return undefined;
    const gitPath = this.d.gitPath();
    if (!gitPath) return undefined;
    const byAttempt = new Map<number, string[]>();
    for (const [path, index] of this.picksOf(c.set.id)) {
      if (!c.files.some(f => f.path === path && f.changes.has(index))) continue; // no longer a change of it
      byAttempt.set(index, [...(byAttempt.get(index) ?? []), path]);
    }
    if (byAttempt.size === 0) {
      tell(
        this.d.ui,
        'info',
        vscode.l10n.t('Nothing is picked: every file keeps the base. Pick an attempt’s version of a file first.'),
      );
      return undefined;
    }
    const sources: PickSource[] = [];
    for (const [index, paths] of [...byAttempt].sort((x, y) => x[0] - y[0])) {
      const v: Ready | undefined = readyOf(c, index);
      if (!v) return undefined;
      const { root, baseSha: baseRef, headSha: headRef, head, base } = v;
      sources.push({ index, root, baseRef, headRef, head, base, paths });
    }
    const label = forMessage(c.set.name || c.set.id, 120);
    const d = this.d;
    return this.land.landPicks({ id: c.set.id, label }, confirmTools =>
      applyPicks(d.git, gitPath, sources, { storage: d.storage(), confirmTools, task: { id: c.set.id, label } }),
    );
  }

  private async refresh(): Promise<Compared | undefined> {
    const c = this.current;
    return c ? this.compare(c.set.id, true) : undefined;
  }

  private async close(): Promise<void> {
    this.tree?.show(undefined, new Map<string, number>());
    await vscode.commands.executeCommand('setContext', COMPARING, false);
  }
}
