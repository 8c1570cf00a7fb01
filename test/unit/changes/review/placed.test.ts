// Where the review model places comments once a later round moved the branch, read from a real git repository: a
// file renamed by the later round takes its comment along; a file it deleted, or put back as the base has it, says so.
import * as assert from 'node:assert/strict';
import { ReviewModel, type ReviewChanges } from '../../../../src/changes/review/reviewModel';
import { ReviewStore, type ReviewComment } from '../../../../src/changes/review/reviewStore';
import { readChanges } from '../../../../src/changes/taskRefs';
import { GitRunner } from '../../../../src/git/gitRunner';
import { Emitter } from '../../../../src/shared/emitter';
import { totalsOf, type ChangesView } from '../../../../src/model/changesView';
import { Repo } from '../land/gitRepo';

const TASK = 'task-1';
const lines = (...l: string[]) => `${l.join('\n')}\n`;

class Memento {
  private readonly m = new Map<string, unknown>();
  get<T>(key: string): T | undefined {
    return this.m.get(key) as T | undefined;
  }
  async update(key: string, value: unknown): Promise<void> {
    this.m.set(key, value);
  }
}

describe('review: comments placed after a later round', () => {
  const repo = new Repo();
  const git = new GitRunner(() => 'git');
  let base = '';
  let first = '';
  let second = '';

  before(() => {
    repo.write('src/kept.ts', lines('one', 'two', 'three'));
    base = repo.commitAll('base');
    repo.git('checkout', '-q', '-b', 'agent/work');
    repo.write('src/added.ts', lines('const a = 1;', 'const b = 2;', 'const c = 3;', 'export { a, b, c };'));
    repo.write('docs/notes.md', lines('Counting down.'));
    repo.write('src/kept.ts', lines('one', 'TWO', 'three'));
    first = repo.commitAll('first round');
    repo.git('mv', 'src/added.ts', 'src/later.ts');
    repo.git('rm', '-q', 'docs/notes.md');
    repo.write('src/kept.ts', lines('one', 'two', 'three'));
    second = repo.commitAll('second round: renames, deletes, puts back');
  });

  const blob = (rev: string, path: string) => repo.git('rev-parse', `${rev}:${path}`).trim();
  const comment = (id: string, path: string, line: number, quote: string): ReviewComment => ({
    id,
    path,
    start: line,
    end: line,
    quote,
    body: `On ${path}`,
    headSha: first,
    blob: blob(first, path),
    createdAt: 1,
  });

  it('a renamed file takes its comments along; a deleted one and one put back say why they are not there', async () => {
    const { files, commits } = await readChanges(git, repo.root, { base, head: second });
    const view: ChangesView = {
      kind: 'ready',
      head: 'agent/work',
      base: 'main',
      headSha: second,
      baseSha: base,
      root: repo.root,
      files,
      commits,
      totals: totalsOf(files),
    };
    // Against the base, the renamed file is a new one: only the two heads say it was renamed.
    assert.deepEqual(
      files.map(f => [f.path, f.kind]),
      [['src/later.ts', 'added']],
    );
    const changes: ReviewChanges = { known: () => view, onDidChange: new Emitter<string>().event };
    const store = new ReviewStore(new Memento());
    const model = new ReviewModel(store, changes, git);
    await store.addComment(TASK, comment('renamed', 'src/added.ts', 2, 'const c = 3;'));
    await store.addComment(TASK, comment('deleted', 'docs/notes.md', 0, 'Counting down.'));
    await store.addComment(TASK, comment('back', 'src/kept.ts', 1, 'TWO'));
    const placed = await model.placed(TASK);
    assert.deepEqual(
      placed.map(p => [p.comment.id, p.file?.path, p.found]),
      [
        ['renamed', 'src/later.ts', { start: 2, end: 2, changed: false }],
        ['deleted', undefined, 'deleted'],
        ['back', undefined, 'gone'],
      ],
    );
    // The feedback names the file as it is called now.
    const fb = await model.feedback(TASK);
    assert.ok(fb?.text.includes('src/later.ts, line 3:'), fb?.text);
    model.dispose();
  });
});
