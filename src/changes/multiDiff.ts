// A set of changed files in VS Code's multi-file diff editor (`vscode.changes`): each file's left and right side, none
// on the side where the file does not exist.
import * as vscode from 'vscode';
import { diffPair } from './changeUris';
import type { ChangedFile } from '../model/changesView';

export type Resource = readonly [vscode.Uri, vscode.Uri | undefined, vscode.Uri | undefined];

/** What was opened: each file's label, left and right. */
export interface ReviewOpened {
  files: number;
  resources: readonly Resource[];
}

export function resourcesOf(
  files: readonly ChangedFile[],
  root: string,
  base: string,
  head: string,
  of?: { task: string; commit?: boolean },
): Resource[] {
  return files.map(f => {
    const { original, modified } = diffPair(f, root, base, head, of);
    return [
      f.kind === 'deleted' ? original : modified,
      f.oldBlob ? original : undefined,
      f.newBlob ? modified : undefined,
    ] as Resource;
  });
}

export async function openMultiDiff(title: string, resources: readonly Resource[]): Promise<ReviewOpened> {
  await vscode.commands.executeCommand('vscode.changes', title, resources);
  return { files: resources.length, resources };
}
