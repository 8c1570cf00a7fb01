// Which of a task's changed files configure tools (they can make tools run programs): what Review Changes and the
// task page name. Each side is read from git only for a file whose name makes it a candidate. No `vscode`.
import { toolFilesOf, type ToolFile } from './land/toolFiles';
import type { GitRunner } from '../git/gitRunner';
import type { ChangedFile } from '../model/changesView';

export function changedToolFiles(git: GitRunner, root: string, files: readonly ChangedFile[]): Promise<ToolFile[]> {
  const blob = (sha: string | undefined) =>
    sha ? git.runBytes({ cwd: root, args: ['cat-file', 'blob', sha] }) : undefined;
  const byPath = new Map(files.map(f => [f.path, f]));
  return toolFilesOf(files, async c => {
    const f = byPath.get(c.path);
    return [await blob(f?.oldBlob), await blob(f?.newBlob)];
  });
}
