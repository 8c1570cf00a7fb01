// The changes of each task the user looks at: fetched into our own refs through the user's git, read as files and
// commits, and kept until the task moves. A task is fetched when first looked at in this window and again only when
// a poll shows it changed (its version or state), at most once per poll interval, and not while the window is
// unfocused (it is marked and fetched when focus returns). A poll in which no task moved starts no git process.
// No `vscode`: its parts are passed in.
import type { Task } from '../api';
import { DisposableBase, toDisposable } from '../lifecycle';
import { Emitter } from '../shared/emitter';
import { branchOf, localRepoOf, taskRepo } from './taskBranch';
import { fetchProblem, fetchTaskRefs, readChanges, readTips, remoteTip, type FetchTarget } from './taskRefs';
import { ObjectChecks } from './objectChecks';
import { seenAt, totalsOf, type ChangesView } from '../model/changesView';
import { changedToolFiles } from './changedToolFiles';
import type { ChangesDeps, Entry } from './changesEntry';
import { roundsAt, roundsOfTask, withRoundsInfo } from './rounds/taskRounds';
import * as l10n from '@vscode/l10n';

export type { ChangesDeps };

const NO_GIT_TODO = l10n.t('Install git, or turn the Git extension on (git.enabled), then retry.');
const versionOf = (t: Task): string => `${t.updated_at}|${t.state}`;

export class ChangesModel extends DisposableBase {
  private readonly entries = new Map<string, Entry>();
  private readonly changed = this.register(new Emitter<string>());
  /** The changes shown for a task changed (its id). */
  readonly onDidChange = this.changed.event;
  private focused = true;
  /** git's object checks of each head shown, whoever fetched it (nothing they refuse is shown or used). */
  private readonly checks = new ObjectChecks();
  private readonly now: () => number;

  constructor(private readonly deps: ChangesDeps) {
    super();
    this.now = deps.now ?? Date.now;
    this.register(deps.tasks.onDidChangeTasks(c => c.changed.forEach(id => this.taskMoved(id))));
    this.register(toDisposable(() => this.entries.forEach(e => e.timer && clearTimeout(e.timer))));
  }

  /** What to show for a task now; starts reading it when nothing has been read yet. */
  get(taskId: string): ChangesView {
    const e = this.entry(taskId);
    if (!e.view) void this.load(taskId);
    return e.view ?? { kind: 'loading' };
  }

  /** What is known, without starting anything (the chat's list says how much only when it is known). */
  known(taskId: string): ChangesView | undefined {
    return this.entries.get(taskId)?.view;
  }

  /** Someone looks at the task (an expanded node, an open page) or stopped looking. */
  watch(taskId: string, who: string, on: boolean): void {
    const e = this.entry(taskId);
    if (on) {
      e.watchers.add(who);
      const t = this.deps.tasks.task(taskId);
      if (!e.view || (t && e.fetchedFor !== versionOf(t))) this.schedule(taskId);
    } else {
      e.watchers.delete(who);
      if (!e.watchers.size && !e.view) this.entries.delete(taskId);
    }
  }

  /** The local repositories changed (git started, a clone opened): what could not be read for want of them is read. */
  retryProblems(): void {
    for (const [id, e] of this.entries) if (e.watchers.size && e.view?.kind === 'problem') void this.load(id);
  }

  setFocused(focused: boolean): void {
    this.focused = focused;
    if (!focused) return;
    for (const [id, e] of this.entries) if (e.due && e.watchers.size) this.schedule(id);
  }

  /**
   * Reads the task's changes now (fetching when the task moved since the last fetch, or `force`), and waits. `given`:
   * the task with its sessions as a caller read it, for a task no list holds (chat reads tasks on its own).
   */
  load(taskId: string, force = false, given?: Task): Promise<void> {
    const e = this.entry(taskId);
    if (e.running) return e.running;
    const forced = force || e.force === true;
    e.force = false;
    e.running = this.read(taskId, e, forced, given).finally(() => (e.running = undefined));
    return e.running;
  }

  /** The views' Refresh: every task someone looks at is fetched and read again, now. */
  async refreshWatched(): Promise<void> {
    await Promise.all([...this.entries].filter(([, e]) => e.watchers.size).map(([id]) => this.load(id, true)));
  }

  /** Where the remote's branch is (`git ls-remote`); the row says when it is past the head shown. */
  async remoteHead(taskId: string): Promise<string | undefined> {
    const e = this.entries.get(taskId);
    const view = e?.view;
    if (!e?.target || view?.kind !== 'ready') return undefined;
    const tip = await remoteTip(this.deps.git, e.target).catch(() => undefined);
    if (tip === undefined || e.view !== view) return tip;
    if ((tip !== view.headSha ? tip : undefined) !== view.behind) this.show(taskId, e, seenAt(view, tip));
    return tip;
  }

  /** The changes with their rounds read again now, later tasks of the repository included (before an action). */
  async withRounds(taskId: string): Promise<ChangesView> {
    const e = this.entry(taskId);
    const view = e.view;
    if (view?.kind !== 'ready') return view ?? this.get(taskId);
    const at = roundsAt(taskId, view);
    const next = withRoundsInfo(view, await roundsOfTask(this.deps.git, this.deps.rounds, this.deps.log, at, true));
    if (e.view === view && next !== view) this.show(taskId, e, next);
    return e.view ?? next;
  }

  /** Where the task's branch is now: the remote's tip (`git ls-remote`), else the head last fetched. */
  async tipNow(taskId: string): Promise<string | undefined> {
    if (!this.entries.get(taskId)?.target) await this.load(taskId);
    const e = this.entries.get(taskId);
    if (!e?.target) return undefined;
    const tip = await remoteTip(this.deps.git, e.target).catch(() => undefined);
    return tip ?? (e.view?.kind === 'ready' ? e.view.headSha : undefined);
  }

  private entry(taskId: string): Entry {
    let e = this.entries.get(taskId);
    if (!e) this.entries.set(taskId, (e = { watchers: new Set(), lastFetchAt: -Infinity, due: false }));
    return e;
  }

  private taskMoved(taskId: string): void {
    // The tasks on the same branch may have new commits too: their own version need not have moved.
    for (const id of this.deps.related?.(taskId) ?? [])
      if (id !== taskId && this.entries.get(id)?.watchers.size) this.schedule(id, true);
    const e = this.entries.get(taskId);
    const t = this.deps.tasks.task(taskId);
    if (!e || !t || !e.watchers.size || e.fetchedFor === versionOf(t)) return;
    this.schedule(taskId);
  }

  /** Another task's read found its branch at a new head: the watched tasks on that branch are read again. */
  private branchMoved(taskId: string, t: FetchTarget, head: string): void {
    for (const [id, e] of this.entries) {
      const v = e.view;
      if (id === taskId || v?.kind !== 'ready' || !e.watchers.size || !e.target) continue;
      if (e.target.root === t.root && e.target.head === t.head && v.headSha !== head) this.schedule(id, true);
    }
  }

  /** A fetch when allowed: the window focused, and a poll interval since the task's last fetch. */
  private schedule(taskId: string, force = false): void {
    const e = this.entry(taskId);
    if (force) e.force = true;
    if (!this.focused && e.view) {
      e.due = true;
      return;
    }
    const wait = e.lastFetchAt + this.deps.intervalMs() - this.now();
    if (wait > 0 && e.view) {
      e.due = true;
      if (!e.timer)
        e.timer = setTimeout(() => {
          e.timer = undefined;
          if (e.due && !this.isDisposed) this.schedule(taskId);
        }, wait);
      return;
    }
    e.due = false;
    void this.load(taskId);
  }

  private show(taskId: string, e: Entry, view: ChangesView): void {
    e.view = view;
    if (!this.isDisposed) this.changed.fire(taskId);
  }

  private async read(taskId: string, e: Entry, force: boolean, given?: Task): Promise<void> {
    const { tasks } = this.deps;
    let task = tasks.task(taskId) ?? given;
    if (!task)
      return this.show(taskId, e, {
        kind: 'problem',
        why: l10n.t('the task is not known'),
        todo: l10n.t('Refresh the list.'),
      });
    const version = versionOf(task);
    const sessionsOf = () => tasks.sessions(taskId)?.sessions ?? given?.sessions;
    if (!tasks.sessions(taskId)?.fresh && !given?.sessions) {
      try {
        await tasks.loadDetails(taskId);
        task = tasks.task(taskId) ?? task;
      } catch (err) {
        if (!sessionsOf())
          return this.show(taskId, e, {
            kind: 'problem',
            why: l10n.t('its sessions could not be read'),
            todo: l10n.t('{0}; retry once the service answers.', err instanceof Error ? err.message : String(err)),
          });
      }
    }
    const branch = branchOf(task, sessionsOf());
    if (!branch.ok) {
      e.fetchedFor = version;
      return this.show(taskId, e, { kind: branch.kind, why: branch.why, todo: branch.todo });
    }
    const missing = this.deps.gitMissing();
    if (missing) return this.show(taskId, e, { kind: 'problem', why: missing, todo: NO_GIT_TODO });
    const local = localRepoOf(taskRepo(task, tasks.repoName(task)), this.deps.repos.candidates());
    if (!local.ok) return this.show(taskId, e, { kind: 'problem', why: local.why, todo: local.todo });
    const target = { root: local.root, remote: local.remote, taskId, head: branch.head, base: branch.base };
    e.target = target;
    let stale: string | undefined;
    let fetched = false;
    if (force || e.fetchedFor !== version || e.view?.kind !== 'ready') {
      e.lastFetchAt = this.now();
      try {
        this.deps.log.info(`fetching ${branch.head} and ${branch.base} of task ${taskId} from ${local.remote}`);
        await fetchTaskRefs(this.deps.git, target);
        e.fetchedFor = version;
        fetched = true;
      } catch (err) {
        const p = fetchProblem(err, target);
        this.deps.log.warn(`fetch of task ${taskId}: ${p.why}`);
        const before = p.missing ? undefined : await readTips(this.deps.git, local.root, taskId);
        e.fetchedFor = p.missing === 'head' ? undefined : version;
        if (!before) return this.show(taskId, e, { kind: 'problem', why: p.why, todo: p.todo });
        stale = p.why; // offline or refused: what was fetched before is still worth showing
      }
    }
    const tips = await readTips(this.deps.git, local.root, taskId);
    if (!tips)
      return this.show(taskId, e, {
        kind: 'problem',
        why: l10n.t('the fetched branch cannot be read'),
        todo: 'Retry.',
      });
    if (
      e.view?.kind === 'ready' &&
      e.tips?.head === tips.head &&
      e.tips.base === tips.base &&
      !stale &&
      !e.view.stale
    ) {
      // The tips have not moved: nothing to read again but the rounds (another task on the branch may have moved); a
      // fetch just made shows the remote is where the row is.
      const v = e.view;
      const next = withRoundsInfo(
        v,
        await roundsOfTask(this.deps.git, this.deps.rounds, this.deps.log, roundsAt(taskId, v)),
      );
      if (fetched && next.behind) this.show(taskId, e, seenAt(next, next.headSha));
      else if (next !== v) this.show(taskId, e, next);
      return;
    }
    const refused = await this.checks.refusal(this.deps.git, local.root, tips, target);
    if (refused) {
      this.deps.log.warn(`objects of task ${taskId}: ${refused.why}`);
      return this.show(taskId, e, { kind: 'problem', why: refused.why, todo: refused.todo });
    }
    try {
      const { files, commits } = await readChanges(this.deps.git, local.root, tips);
      const toolFiles = await changedToolFiles(this.deps.git, local.root, files);
      const moved = e.tips !== undefined && e.tips.head !== tips.head;
      e.tips = tips;
      if (moved || e.view?.kind !== 'ready') this.branchMoved(taskId, target, tips.head);
      const at = { taskId, head: branch.head, root: local.root, base: tips.base, headSha: tips.head };
      const rounds = await roundsOfTask(this.deps.git, this.deps.rounds, this.deps.log, at);
      this.show(taskId, e, {
        kind: 'ready',
        head: branch.head,
        base: branch.base,
        headSha: tips.head,
        baseSha: tips.base,
        root: local.root,
        files,
        commits,
        totals: totalsOf(files),
        toolFiles,
        ...(stale ? { stale } : {}),
        ...(rounds ? { rounds } : {}),
      });
    } catch (err) {
      const said = err instanceof Error ? err.message : String(err);
      this.show(
        taskId,
        e,
        /no merge base/i.test(said)
          ? {
              kind: 'problem',
              why: l10n.t('the branch {0} shares no history with {1}', branch.head, branch.base),
              todo: l10n.t(
                'There is no common commit to compare them from: the branch was not made from {0}.',
                branch.base,
              ),
            }
          : { kind: 'problem', why: l10n.t('git could not compare the branches: {0}', said), todo: 'Retry.' },
      );
    }
  }
}
