// A set's attempts read for comparing: an attempt never started, one the service no longer has, one whose branch is
// refused are each said as such, and the others are compared all the same.
import assert from 'node:assert/strict';
import { compareSet, type ComparisonDeps } from '../../../../src/changes/attempts/comparison';
import type { AttemptSet } from '../../../../src/model/attemptSets';
import type { Task } from '../../../../src/api';
import type { ChangedFile, ChangesView } from '../../../../src/model/changesView';

const blob = (c: string) => c.repeat(40);
const file = (path: string, b: string): ChangedFile => ({
  path,
  kind: 'modified',
  added: 1,
  removed: 0,
  binary: false,
  oldBlob: blob('0'),
  newBlob: blob(b),
});
const ready = (files: ChangedFile[]): ChangesView => ({
  kind: 'ready',
  head: 'agent/x',
  base: 'main',
  headSha: blob('1'),
  baseSha: blob('2'),
  root: '/r',
  files,
  commits: [],
  totals: { files: files.length, added: files.length, removed: 0 },
  toolFiles: [],
});

const set: AttemptSet = {
  id: 'set-1',
  name: 'Say lift-off',
  start: {
    repo: 'o/r',
    prompt: 'Say lift-off',
    base_ref: 'main',
    head_ref: '',
    create_pull_request: false,
    custom_agent: '',
  },
  createdAt: 0,
  attempts: [
    { model: 'a', taskId: 't1' },
    { model: 'b', failure: 'the service said no' },
    { model: 'c', taskId: 'gone' },
    { model: 'd', taskId: 't4' },
  ],
};

describe('attempts: a set read for comparing', () => {
  it('says which attempts cannot be compared and why, and compares the rest', async () => {
    const asked: string[] = [];
    const deps: ComparisonDeps = {
      task: id => (id === 'gone' ? undefined : ({ id } as Task)),
      loadDetails: async id => {
        asked.push(id);
        throw new Error('404 Not Found');
      },
      changes: async id =>
        id === 't1'
          ? ready([file('a.md', 'a'), file('b.md', 'b')])
          : { kind: 'problem', why: "git's object checks refused the branch (duplicateEntries)", todo: 'Ask.' },
    };
    const c = await compareSet(set, deps);
    assert.deepEqual(
      c.attempts.map(a => [a.kind, a.kind === 'ready' ? '' : a.why]),
      [
        ['ready', ''],
        ['notStarted', 'not started: the service said no'],
        ['gone', 'the service no longer has task gone'],
        ['problem', "git's object checks refused the branch (duplicateEntries)"],
      ],
    );
    assert.deepEqual(asked, ['gone'], 'a task no list holds is asked of the service once');
    assert.deepEqual(
      c.files.map(f => f.path),
      ['a.md', 'b.md'],
    );
  });
});
