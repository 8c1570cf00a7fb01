// Apply This Change: from a file's diff (its head side, where the cursor or selection is), only the change(s) there.
// They are laid on the task's merge base as a commit of ours (hunkCommit.ts), which Apply Changes then applies,
// limited to the file: the same checks, refusals, line endings, three-way merge with the user's file, tool-file
// question and Undo as applying the whole task. A file that holds just what an earlier Apply This Change wrote takes
// the next change too (the two together are laid on the base).
import * as fsp from 'node:fs/promises';
import * as path from 'node:path';
import * as vscode from 'vscode';
import type { Task } from '../../api';
import { headSideOf } from '../changeUris';
import { documentPath } from '../documentPath';
import type { ChangedFile } from '../../model/changesView';
import { forMessage } from '../../safety/serviceText';
import { tell } from '../../ui';
import type { Applied } from './applyChanges';
import { applyHunks, parseHunks, selectHunks, type Hunk } from './hunks';
import { hunkCommit } from './hunkCommit';
import { fileHash } from './land';
import type { LandDeps, Ready } from './landDeps';
import { undoFolder } from './undoStore';

export interface ApplyHunkHooks {
  task(id: string): Task | undefined;
  applyFrom(
    task: Task,
    view: Ready,
    how: { headRef: string; only: string; what: string; ours?: ReadonlyMap<string, string> },
  ): Promise<Applied | undefined>;
}

/** What Apply This Change left in a file: its bytes' hash, and the changes of which head it holds. */
interface Left {
  hash: string;
  head: string;
  hunks: Hunk[];
}

const hunkKey = (h: Hunk) => `${h.oldStart},${h.oldCount},${h.newStart},${h.newCount}`;

export class ApplyHunk {
  /** By repository root and path. */
  private readonly left = new Map<string, Left>();

  constructor(
    private readonly deps: () => LandDeps,
    private readonly hooks: ApplyHunkHooks,
  ) {}

  private get d(): LandDeps {
    return this.deps();
  }

  /** The head side's editor the command was run in: the one of the document handed, else the active one. */
  private editorOf(arg: unknown): vscode.TextEditor | undefined {
    const uri = arg instanceof vscode.Uri ? arg.toString() : undefined;
    const active = vscode.window.activeTextEditor;
    if (!uri) return active;
    if (active?.document.uri.toString() === uri) return active;
    return vscode.window.visibleTextEditors.find(e => e.document.uri.toString() === uri);
  }

  async apply(arg: unknown): Promise<Applied | undefined> {
    const editor = this.editorOf(arg);
    const side = editor && headSideOf(editor.document.uri);
    if (!editor || !side) {
      tell(
        this.d.ui,
        'info',
        vscode.l10n.t("Put the cursor on a change on the right side of a task's diff, then apply it."),
      );
      return undefined;
    }
    const view = this.d.changes.known(side.task);
    const task = this.hooks.task(side.task);
    // The file is the one of this head side: its blob, at the document's path.
    const file =
      view?.kind === 'ready'
        ? view.files.find(f => f.newBlob === side.blob && documentPath(f.path) === editor.document.uri.path)
        : undefined;
    if (view?.kind !== 'ready' || !file || !task) {
      tell(this.d.ui, 'info', vscode.l10n.t('This file is no longer among the changes: the branch moved.'));
      return undefined;
    }
    if (file.binary) {
      tell(
        this.d.ui,
        'info',
        vscode.l10n.t('{0} is binary: apply it whole with Apply Changes.', forMessage(file.path, 200)),
      );
      return undefined;
    }
    const chosen = await this.chosen(view, file, side.blob, editor);
    if (!chosen) return undefined;
    const key = `${view.root}\n${file.path}`;
    const before = this.left.get(key);
    const onDisk = before && (await fileHash(path.join(view.root, ...file.path.split('/'))));
    // The changes this apply lays on the base: the ones chosen, and those an earlier apply left in the file.
    const kept = before && before.head === view.headSha && onDisk === before.hash ? before.hunks : [];
    const all = [...new Map([...kept, ...chosen].map(h => [hunkKey(h), h])).values()];
    const headRef = await this.commitOf(view, file, side.blob, all);
    if (!headRef) return undefined;
    const n = chosen.length;
    const change =
      n === 1
        ? vscode.l10n.t('1 change of {0}', forMessage(file.path, 200))
        : vscode.l10n.t('{0} changes of {1}', n, forMessage(file.path, 200));
    // The diff shows the branch now: when later rounds moved it past this task's round, the message says whose it is.
    const what =
      view.rounds?.shown === 'branch'
        ? vscode.l10n.t('{0} (the branch as it is, later rounds included)', change)
        : change;
    const applied = await this.hooks.applyFrom(task, view, {
      headRef,
      only: file.path,
      what,
      ...(kept.length && before ? { ours: new Map([[file.path, before.hash]]) } : {}),
    });
    if (applied?.landed) {
      const hash = await fileHash(path.join(view.root, ...file.path.split('/')));
      if (hash) this.left.set(key, { hash, head: view.headSha, hunks: all });
    }
    this.d.log.info(
      `apply ${n} hunk(s) of a file from task ${task.id}: ${applied?.landed ? 'written' : 'not written'}`,
    );
    return applied;
  }

  /** The hunks of base→head under the editor's selections; undefined (said) when there are none. */
  private async chosen(
    view: Ready,
    file: ChangedFile,
    headBlob: string,
    editor: vscode.TextEditor,
  ): Promise<Hunk[] | undefined> {
    const hunks: Hunk[] = file.oldBlob
      ? parseHunks(
          await this.d.git.read({
            cwd: view.root,
            args: ['diff', '-U0', '--no-color', '--no-ext-diff', '--no-textconv', file.oldBlob, headBlob],
          }),
        )
      : [{ oldStart: 0, oldCount: 0, newStart: 1, newCount: editor.document.lineCount }];
    const lines = editor.selections.map(s => {
      const last = s.end.character === 0 && s.end.line > s.start.line ? s.end.line - 1 : s.end.line;
      return [s.start.line + 1, last + 1] as const;
    });
    const chosen = [...new Set(lines.flatMap(([from, to]) => selectHunks(hunks, from, to)))];
    if (!chosen.length) {
      tell(this.d.ui, 'info', vscode.l10n.t('No change of the task is on the selected lines.'));
      return undefined;
    }
    return chosen;
  }

  /** The commit of the merge base with `hunks` of the file laid on it. */
  private async commitOf(view: Ready, file: ChangedFile, headBlob: string, hunks: Hunk[]): Promise<string | undefined> {
    const gitPath = this.d.gitPath();
    if (!gitPath) return undefined;
    const git = this.d.git;
    // As bytes (latin1 keeps each byte one character): a file in another encoding than UTF-8 keeps its bytes.
    const read = async (blob: string | undefined) =>
      blob ? (await git.runBytes({ cwd: view.root, args: ['cat-file', 'blob', blob] })).toString('latin1') : '';
    const [base, head] = await Promise.all([read(file.oldBlob), read(headBlob)]);
    const mergeBase = (await git.read({ cwd: view.root, args: ['merge-base', view.baseSha, view.headSha] })).trim();
    const entry = await git.read({
      cwd: view.root,
      args: ['--literal-pathspecs', 'ls-tree', '-z', view.headSha, '--', file.path],
    });
    const mode = entry.split(' ')[0];
    const tmp = await undoFolder(this.d.storage());
    try {
      return await hunkCommit(gitPath, view.root, {
        mergeBase,
        path: file.path,
        ...(file.from !== undefined ? { from: file.from } : {}),
        mode: /^100(644|755)$/.test(mode) ? mode : '100644',
        content: Buffer.from(applyHunks(base, head, hunks), 'latin1'),
        tmp,
      });
    } finally {
      await fsp.rm(tmp, { recursive: true, force: true });
    }
  }
}
