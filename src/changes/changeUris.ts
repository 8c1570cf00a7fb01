// The two sides of a changed file as read-only documents: `agent-tasks-change:/<path>?{root, blob}` serves the
// blob git holds (`git cat-file blob`), an absent blob serves nothing (the side where the file does not exist).
// Binary content is shown as one line saying so. Nothing here can write: the documents are a content provider's.
import * as vscode from 'vscode';
import type { GitRunner } from '../git/gitRunner';
import type { ChangedFile } from '../model/changesView';
import { documentPath } from './documentPath';

export const CHANGE_SCHEME = 'agent-tasks-change';

export interface Side {
  root: string;
  blob?: string;
  /** Which commit this side is read from, for the tab's tooltip only. */
  rev: string;
  /** The task whose changes these are, and which side: review comments are written on a task's head side only. */
  task?: string;
  side?: 'head' | 'base' | 'commit';
}

const BLOB = /^[0-9a-f]{40,64}$/;

export function sideUri(path: string, side: Side): vscode.Uri {
  return vscode.Uri.from({ scheme: CHANGE_SCHEME, path: documentPath(path), query: JSON.stringify(side) });
}

/**
 * The base side (merge base) and the head side of a changed file. With `of`, the sides say whose they are: a task's
 * head (where review comments are written) or one of its commits.
 */
export function diffPair(
  f: ChangedFile,
  root: string,
  base: string,
  head: string,
  of?: { task: string; commit?: boolean },
): { original: vscode.Uri; modified: vscode.Uri } {
  const whose = (side: Side['side']) => (of ? { task: of.task, side: of.commit ? 'commit' : side } : {});
  return {
    original: sideUri(f.from ?? f.path, {
      root,
      ...(f.oldBlob ? { blob: f.oldBlob } : {}),
      rev: base,
      ...whose('base'),
    }),
    modified: sideUri(f.path, { root, ...(f.newBlob ? { blob: f.newBlob } : {}), rev: head, ...whose('head') }),
  };
}

export function readSide(uri: vscode.Uri): Side | undefined {
  try {
    const q = JSON.parse(uri.query) as Partial<Side>;
    if (typeof q.root !== 'string' || typeof q.rev !== 'string') return undefined;
    if (q.blob !== undefined && (typeof q.blob !== 'string' || !BLOB.test(q.blob))) return undefined;
    const whose =
      typeof q.task === 'string' && (q.side === 'head' || q.side === 'base' || q.side === 'commit')
        ? { task: q.task, side: q.side }
        : {};
    return { root: q.root, rev: q.rev, ...(q.blob ? { blob: q.blob } : {}), ...whose };
  } catch {
    return undefined;
  }
}

/** The side of a document, when it is the head side of a task's diff (where comments are written, hunks applied). */
export function headSideOf(uri: vscode.Uri): (Side & { task: string; blob: string }) | undefined {
  if (uri.scheme !== CHANGE_SCHEME) return undefined;
  const side = readSide(uri);
  return side?.task && side.side === 'head' && side.blob ? { ...side, task: side.task, blob: side.blob } : undefined;
}

/** Whether bytes look like a binary file, as git decides: a NUL in the first 8000 bytes. */
export const looksBinary = (b: Buffer): boolean => b.subarray(0, 8000).includes(0);

export class ChangeContentProvider implements vscode.TextDocumentContentProvider {
  constructor(
    private readonly git: GitRunner,
    /** The local repositories the extension reads: a URI naming another folder is not served. */
    private readonly roots: () => string[],
  ) {}

  async provideTextDocumentContent(uri: vscode.Uri): Promise<string> {
    const side = readSide(uri);
    if (!side) return '';
    if (!side.blob) return '';
    if (!this.roots().includes(side.root)) return vscode.l10n.t('(This repository is not open in the workspace.)');
    const bytes = await this.git.runBytes({ cwd: side.root, args: ['cat-file', 'blob', side.blob] });
    if (looksBinary(bytes)) return vscode.l10n.t('Binary file, {0} bytes: not shown as text.', bytes.length);
    return bytes.toString('utf8');
  }
}
