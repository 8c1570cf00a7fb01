import * as assert from 'node:assert/strict';
import { recordTip } from '../../../../src/changes/rounds/recordTip';
import { roundsLines, roundsShort } from '../../../../src/changes/rounds/roundsWords';
import { changesLine } from '../../../../src/changes/summary';
import type { ChangesView, RoundsInfo } from '../../../../src/model/changesView';

const later: RoundsInfo = {
  shown: 'branch',
  later: [
    { id: 'b', name: 'Also <b>two</b>', state: 'completed', running: false, files: 2 },
    { id: 'c', name: 'c', state: '', running: false, gone: true },
  ],
  end: 'a'.repeat(40),
  how: 'dates',
  endFiles: 1,
  doubt: 'a commit dated when both ran',
  earlier: 0,
  running: 'Also <b>two</b>',
  notes: ['“x” was started here on this branch, but the service reports its branch as y, not z'],
};

const view = (rounds: RoundsInfo): ChangesView => ({
  kind: 'ready',
  head: 'agent/x',
  base: 'main',
  headSha: 'f'.repeat(40),
  baseSha: 'e'.repeat(40),
  root: '/w',
  files: [{ path: 'a.ts', kind: 'added', added: 1, removed: 0, binary: false }],
  commits: [],
  totals: { files: 1, added: 1, removed: 0 },
  rounds,
});

describe('rounds: in words', () => {
  it('the row and tooltip say whose work is shown, each later round, the end and its doubt, the notes', () => {
    assert.equal(roundsShort(later), 'the branch now, 2 later rounds included');
    assert.deepEqual(
      roundsLines(later, s => s.replace(/</g, '‹')),
      [
        'Shown: the branch now, with the work of later rounds: “Also ‹b>two‹/b>” (Completed, 2 files), “c” (no longer on the service, files not known).',
        "This task's round ends at commit aaaaaaa (1 file up to it), told from the commits' times. Uncertain: a commit dated when both ran.",
        '“Also ‹b>two‹/b>” is still running: the agent may still write to the branch.',
        '“x” was started here on this branch, but the service reports its branch as y, not z.',
      ],
    );
    const alone: RoundsInfo = { shown: 'round', later: [], earlier: 1, notes: [] };
    assert.equal(roundsShort(alone), "this task's round");
    assert.deepEqual(
      roundsLines(alone, s => s),
      ["Shown: this task's round, with the 1 earlier round on the branch before it."],
    );
    const unknown: RoundsInfo = {
      shown: 'branch',
      later: later.later,
      unknown: 'the branch was rewritten',
      earlier: 0,
      notes: [],
    };
    assert.match(
      roundsLines(unknown, s => s)[1],
      /^Where this task's round ends cannot be told: the branch was rewritten\.$/,
    );
  });

  it('chat says whose work the changes are', () => {
    assert.equal(
      changesLine(view(later)),
      // The name as chat text: its markup made harmless.
      'changes (the branch now, later rounds included: "Also ‹b›two‹/b›" (completed, 2 files), "c" (gone from the service, ? files); ' +
        "this task's round ends at aaaaaaa, 1 files up to it (uncertain)): 1 file changed, +1 −0: a.ts",
    );
  });

  it('records where the branch was when a continuation started, once', async () => {
    const noted: [string, string][] = [];
    const links = {
      list: () => [{ task: 'new', id: 'old' }],
      noteTip: async (id: string, tip: string) => void noted.push([id, tip]),
    };
    const log = { warn: () => undefined } as never;
    await recordTip({ tipNow: async id => (id === 'old' ? 'c'.repeat(40) : undefined) }, links, 'new', log);
    assert.deepEqual(noted, [['new', 'c'.repeat(40)]]);
    const recorded = { ...links, list: () => [{ task: 'new', id: 'old', tip: 'd'.repeat(40) }] };
    await recordTip({ tipNow: async () => 'c'.repeat(40) }, recorded, 'new', log);
    assert.equal(noted.length, 1, 'a tip recorded is kept');
  });
});
