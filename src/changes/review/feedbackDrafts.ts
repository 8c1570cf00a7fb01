// The feedback prompt, shown to edit before it is sent: a document of its own (`agent-tasks-feedback:/<task>/…md`)
// held in memory, so it needs no file on disk and asks for no save. A draft a reload forgot is written again from the
// task's unsent comments. Built with the changes feature; changesOnDemand.ts hands VS Code's reads on to it.
import * as vscode from 'vscode';
import { Emitter } from '../../shared/emitter';

export const FEEDBACK_SCHEME = 'agent-tasks-feedback';

interface Draft {
  readonly taskId: string;
  /** The comments the prompt was written from: marked sent once it is. */
  readonly ids: readonly string[];
  data: Uint8Array;
  mtime: number;
}

/** The document of a task's feedback draft. */
export function draftUri(taskId: string): vscode.Uri {
  const name = vscode.l10n.t('Feedback for the agent');
  return vscode.Uri.from({ scheme: FEEDBACK_SCHEME, path: `/${encodeURIComponent(taskId)}/${name}.md` });
}

/** The task a draft's document belongs to. */
export function draftTask(uri: vscode.Uri): string | undefined {
  if (uri.scheme !== FEEDBACK_SCHEME) return undefined;
  const m = /^\/([^/]+)\/[^/]+$/.exec(uri.path);
  try {
    return m ? decodeURIComponent(m[1]) : undefined;
  } catch {
    return undefined;
  }
}

export class FeedbackDrafts implements vscode.FileSystemProvider {
  private readonly drafts = new Map<string, Draft>();
  private readonly changed = new Emitter<vscode.FileChangeEvent[]>();
  readonly onDidChangeFile = this.changed.event;

  constructor(
    /** The prompt of a task's unsent comments, for a draft opened again after a reload. */
    private readonly compose: (taskId: string) => Promise<{ text: string; ids: readonly string[] } | undefined>,
  ) {}

  /** Puts a task's prompt in its draft (replacing what was there) and gives its document. */
  put(taskId: string, text: string, ids: readonly string[]): vscode.Uri {
    const uri = draftUri(taskId);
    const had = this.drafts.has(uri.toString());
    this.drafts.set(uri.toString(), { taskId, ids, data: new TextEncoder().encode(text), mtime: Date.now() });
    this.changed.fire([{ type: had ? vscode.FileChangeType.Changed : vscode.FileChangeType.Created, uri }]);
    return uri;
  }

  /** The draft of a document, if it is one. */
  of(uri: vscode.Uri): { taskId: string; ids: readonly string[] } | undefined {
    const d = this.drafts.get(uri.toString());
    return d && { taskId: d.taskId, ids: d.ids };
  }

  /** A draft sent (its editor closed first): forgotten without a word, so that no editor hears of it again. */
  forget(uri: vscode.Uri): void {
    this.drafts.delete(uri.toString());
  }

  private async draft(uri: vscode.Uri): Promise<Draft> {
    const known = this.drafts.get(uri.toString());
    if (known) return known;
    const taskId = draftTask(uri);
    const made = taskId === undefined ? undefined : await this.compose(taskId);
    if (taskId === undefined || !made) throw vscode.FileSystemError.FileNotFound(uri);
    this.put(taskId, made.text, made.ids);
    return this.drafts.get(uri.toString())!;
  }

  watch(): vscode.Disposable {
    return new vscode.Disposable(() => undefined);
  }

  async stat(uri: vscode.Uri): Promise<vscode.FileStat> {
    if (draftTask(uri) === undefined) return { type: vscode.FileType.Directory, ctime: 0, mtime: 0, size: 0 };
    const d = await this.draft(uri);
    return { type: vscode.FileType.File, ctime: d.mtime, mtime: d.mtime, size: d.data.byteLength };
  }

  readDirectory(): [string, vscode.FileType][] {
    return [];
  }

  createDirectory(): void {}

  async readFile(uri: vscode.Uri): Promise<Uint8Array> {
    return (await this.draft(uri)).data;
  }

  /** Saving keeps what was typed, in memory, until it is sent or the window closes. */
  async writeFile(uri: vscode.Uri, content: Uint8Array): Promise<void> {
    const d = await this.draft(uri);
    d.data = content;
    d.mtime = Date.now();
    this.changed.fire([{ type: vscode.FileChangeType.Changed, uri }]);
  }

  delete(uri: vscode.Uri): void {
    this.forget(uri);
  }

  rename(): void {
    throw vscode.FileSystemError.NoPermissions();
  }
}
