// What this window landed and can still take back: the applies (newest last, their copies and records on disk, so
// that a window reloaded takes up those of the window before: `adopt`) and the worktrees it made. Undo Last Apply and
// Remove Worktree are commands for as long as there is something to take back; context keys tell the palette so. No
// `vscode`: the keys are set through the function it is given.
import { DisposableBase } from '../../lifecycle';
import { RECORDS_KEPT as KEPT, journals, writerGone } from './journal';
import type { Landed } from './land';
import type { LandContextKey } from './landDeps';
import { landedOf } from './recover';
import { sameAfter, type After, type Step } from './safeWrite';
import { dropUndoFolder } from './undoStore';

export interface AppliedEntry {
  taskId: string;
  /** The task named in words (its name and branch), for messages. */
  label: string;
  landed: Landed;
  /** When it was applied (Date.now()): Undo Last Apply takes the newest, whichever window applied it. */
  at?: number;
}

export interface MadeWorktree {
  taskId: string;
  root: string;
  path: string;
  branch: string;
  madeBranch?: string;
  madeTracking?: { ref: string; at: string };
}

export class LandHistory extends DisposableBase {
  private readonly applies: AppliedEntry[] = [];
  private readonly worktrees: MadeWorktree[] = [];
  /** The folders of applies taken out to be undone (gone from disk once undone). */
  private readonly taken = new Set<string>();

  constructor(
    /** Tells the palette what can be taken back (called once something was landed, never before). */
    private readonly setContext: (key: LandContextKey, on: boolean) => void,
  ) {
    // The applies' folders stay when the window goes: a reload takes them up again (`adopt`).
    super();
  }

  /**
   * Takes up the Undo records on disk of windows gone (a reload's window before this one, whose history went with
   * it), in the order they were applied among this window's own; beyond the most kept, the oldest are dropped.
   */
  async adopt(storage: string): Promise<void> {
    const held = new Set([...this.applies.map(a => a.landed.copies), ...this.taken]);
    const found = (await journals(storage)).filter(
      f => f.journal.state === 'done' && writerGone(f.journal) && !held.has(f.dir),
    );
    if (!found.length) return;
    for (const f of found)
      this.applies.push({ taskId: f.journal.taskId, label: f.journal.label, landed: landedOf(f), at: f.journal.at });
    this.applies.sort((a, b) => (a.at ?? 0) - (b.at ?? 0));
    this.trim();
  }

  addApply(e: AppliedEntry): void {
    this.applies.push({ at: Date.now(), ...e });
    this.trim();
  }

  private trim(): void {
    for (const old of this.applies.splice(0, Math.max(0, this.applies.length - KEPT)))
      dropUndoFolder(old.landed.copies);
    this.sync();
  }

  /** Takes out the apply given (or the newest); undefined when it cannot be undone any more. */
  takeApply(landed?: Landed): AppliedEntry | undefined {
    const i = landed ? this.applies.findIndex(a => a.landed === landed) : this.applies.length - 1;
    if (i < 0) return undefined;
    const [e] = this.applies.splice(i, 1);
    this.taken.add(e.landed.copies);
    this.sync();
    return e;
  }

  /**
   * An Undo put files back as an earlier apply of this history had left them (found `was`, now `now`: the same bytes
   * in a new file): that apply's Undo knows them as its own again.
   */
  putBack(back: readonly { rel: string; was: After; now: After }[]): void {
    for (const b of back)
      for (const a of this.applies) {
        const steps = a.landed.steps as Step[];
        const i = steps.findIndex(s => s.kind === 'put' && s.rel === b.rel && sameAfter(s.after, b.was));
        if (i >= 0) steps[i] = { ...(steps[i] as Extract<Step, { kind: 'put' }>), after: b.now };
      }
  }

  addWorktree(w: MadeWorktree): void {
    this.worktrees.push(w);
    this.sync();
  }

  /** The worktrees this window made that are still to be removed, newest last. */
  madeWorktrees(): readonly MadeWorktree[] {
    return this.worktrees;
  }

  dropWorktree(w: MadeWorktree): void {
    const i = this.worktrees.indexOf(w);
    if (i >= 0) this.worktrees.splice(i, 1);
    this.sync();
  }

  private sync(): void {
    this.setContext('canUndoApply', this.applies.length > 0);
    this.setContext('canRemoveWorktree', this.worktrees.length > 0);
  }
}
