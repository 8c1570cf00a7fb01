// Apply This Change: from a file's diff (the head side, where the cursor or selection is), only the change(s) there
// are written into the working tree. The file's target is the working file with just those hunks of base→head merged
// in (a three-way merge, as Apply Changes does where a file moved on); it is then written with Apply Changes' rules,
// refusals and Undo (applyPlan.ts).
import * as fsp from 'node:fs/promises';
import * as os from 'node:os';
import * as path from 'node:path';
import * as vscode from 'vscode';
import { headSideOf } from '../changes/changeUris';
import type { CommandRegistry } from '../commands/registry';
import { COMMANDS } from '../ids';
import { DisposableBase } from '../lifecycle';
import { forMessage } from '../safety/serviceText';
import { tell } from '../ui';
import { ApplyRefused, undoApply, type Applied } from './applyChanges';
import { applyPlan } from './applyPlan';
import { applyHunks, parseHunks, selectHunks, type Hunk } from './hunks';
import type { LandDeps } from './landCommands';
import { mergeFile } from './mergeFile';
import { insideRoot, readState, type FileState } from './workTree';

export class ApplyHunkCommand extends DisposableBase {
  /** What each apply of ours left in a file (by repository and path): applying the next hunk there is allowed. */
  private readonly left = new Map<string, FileState>();

  constructor(
    private readonly deps: () => LandDeps,
    commands: CommandRegistry,
  ) {
    super();
    this.register(commands.register({ [COMMANDS.applyHunk]: (uri: unknown) => this.apply(uri) }));
  }

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
    const rel = editor.document.uri.path.slice(1);
    const file = view?.kind === 'ready' ? view.files.find(f => f.path === rel) : undefined;
    if (view?.kind !== 'ready' || !file) {
      tell(this.d.ui, 'info', vscode.l10n.t('This file is no longer among the changes: the branch moved.'));
      return undefined;
    }
    if (file.binary) {
      tell(this.d.ui, 'info', vscode.l10n.t('{0} is binary: apply it whole with Apply Changes.', forMessage(rel, 200)));
      return undefined;
    }
    const git = this.d.gitPath();
    if (!git) return undefined;
    // As bytes (latin1 keeps each byte one character): a file in another encoding than UTF-8 is written as it was.
    const read = async (blob: string | undefined) =>
      blob ? (await this.d.git.runBytes({ cwd: view.root, args: ['cat-file', 'blob', blob] })).toString('latin1') : '';
    const [base, head] = await Promise.all([read(file.oldBlob), read(side.blob)]);
    const hunks: Hunk[] = file.oldBlob
      ? parseHunks(
          await this.d.git.read({
            cwd: view.root,
            args: ['diff', '-U0', '--no-color', '--no-ext-diff', '--no-textconv', file.oldBlob, side.blob],
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
    const patched = applyHunks(base, head, chosen);
    // A renamed file that is still at its old name in the working tree gets the change there.
    const target = await this.targetPath(view.root, rel, file.from);
    const abs = await insideRoot(view.root, target);
    const ours = abs ? await readState(abs) : {};
    if (ours.content === undefined && file.oldBlob) {
      tell(
        this.d.ui,
        'warning',
        vscode.l10n.t(
          '{0} is not in your working tree: the task changes it, your branch deleted it. Nothing was written.',
          forMessage(target, 200),
        ),
      );
      return undefined;
    }
    const text = ours.content?.toString('latin1');
    let content: Buffer = Buffer.from(patched, 'latin1');
    let conflicted = false;
    if (text !== undefined && text !== base) {
      const tmp = await fsp.mkdtemp(path.join(os.tmpdir(), 'agent-tasks-hunk-'));
      try {
        const merged = await mergeFile(git, tmp, ours.content!, Buffer.from(base, 'latin1'), content);
        content = merged.content;
        conflicted = merged.conflicts > 0;
      } finally {
        await fsp.rm(tmp, { recursive: true, force: true });
      }
    }
    const key = `${view.root}\n${target}`;
    const after: FileState = { content, executable: ours.executable ?? false };
    let applied: Applied;
    try {
      applied = await applyPlan(this.d.git, view.root, [{ path: target, target: after, basis: ours }], () =>
        this.left.get(key),
      );
    } catch (e) {
      if (!(e instanceof ApplyRefused) && (e as Error).name !== 'ApplyRefused') throw e;
      tell(this.d.ui, 'warning', forMessage((e as Error).message, 900));
      return undefined;
    }
    if (conflicted) applied.conflicts.push({ path: target, why: vscode.l10n.t('conflict markers') });
    this.left.set(key, after);
    this.d.log.info(`apply ${chosen.length} hunk(s) of ${target} from task ${side.task}`);
    const n = chosen.length;
    const what =
      n === 1
        ? vscode.l10n.t('Applied 1 change of {0} as an uncommitted change.', forMessage(target, 200))
        : vscode.l10n.t('Applied {0} changes of {1} as uncommitted changes.', n, forMessage(target, 200));
    const text2 = conflicted ? `${what} ${vscode.l10n.t('It needs you: conflict markers.')}` : what;
    tell(this.d.ui, conflicted ? 'warning' : 'info', text2, [
      {
        title: vscode.l10n.t('Undo'),
        run: async () => {
          const undone = await undoApply(view.root, applied);
          if (undone.restored.length) this.left.set(key, applied.before.get(target) ?? {});
          tell(
            this.d.ui,
            'info',
            undone.restored.length
              ? vscode.l10n.t('Put back {0}.', forMessage(target, 200))
              : vscode.l10n.t('Left {0}: you changed it since.', forMessage(target, 200)),
          );
        },
      },
    ]);
    return applied;
  }

  private async targetPath(root: string, rel: string, from: string | undefined): Promise<string> {
    if (from === undefined) return rel;
    const at = async (p: string) => {
      const a = await insideRoot(root, p);
      return a !== undefined && (await readState(a)).content !== undefined;
    };
    return !(await at(rel)) && (await at(from)) ? from : rel;
  }
}
