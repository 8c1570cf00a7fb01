import * as assert from 'node:assert/strict';
import { GitRunner } from '../../../../src/git/gitRunner';
import { readRounds } from '../../../../src/changes/rounds/readRounds';
import type { RoundFactsFound } from '../../../../src/changes/rounds/roundFacts';
import { Repo } from '../land/gitRepo';

const git = new GitRunner(() => 'git');
const T0 = Date.parse('2026-03-10T12:00:00Z');
const at = (s: number): number => T0 + s * 1000;

/** A commit dated `s` seconds after T0 (author and committer), as the sandbox dates an agent's commits. */
function commitAt(repo: Repo, s: number, files: Record<string, string>): string {
  for (const [p, text] of Object.entries(files)) repo.write(p, text);
  repo.git('add', '-A');
  const date = `${Math.floor(at(s) / 1000)} +0000`;
  process.env.GIT_COMMITTER_DATE = date;
  process.env.GIT_AUTHOR_DATE = date;
  try {
    repo.git('commit', '-q', '-m', `at ${s}`);
  } finally {
    delete process.env.GIT_COMMITTER_DATE;
    delete process.env.GIT_AUTHOR_DATE;
  }
  return repo.git('rev-parse', 'HEAD').trim();
}

function twoRounds(): { repo: Repo; base: string; r1: string; head: string } {
  const repo = new Repo();
  const base = commitAt(repo, -100, { 'README.md': 'hi\n' });
  repo.git('checkout', '-q', '-b', 'agent/x');
  commitAt(repo, 0, { 'a.ts': 'a\n', 'b.ts': 'b\n' });
  const r1 = commitAt(repo, 100, { 'c.ts': 'c\n' });
  commitAt(repo, 200, { 'a.ts': 'a2\n', 'd.ts': 'd\n' });
  const head = commitAt(repo, 300, { 'e.ts': 'e\n' });
  return { repo, base, r1, head };
}

const facts = (index: number, tip?: string, second = 200): RoundFactsFound => ({
  rounds: [
    { id: 'a', name: 'First', state: 'completed', startMs: at(0), finishMs: at(100), running: false },
    {
      id: 'b',
      name: 'Second',
      state: 'in_progress',
      startMs: at(second),
      running: true,
      ...(tip ? { tipAtStart: tip } : {}),
    },
  ],
  index,
  notes: [],
});

describe('rounds: read on a real branch', () => {
  it('finds the first round’s end from the commits’ times and counts each round’s files', async () => {
    const { repo, base, r1, head } = twoRounds();
    const info = await readRounds(git, repo.root, { base, head }, facts(0));
    assert.deepEqual(info, {
      shown: 'branch',
      later: [{ id: 'b', name: 'Second', state: 'in_progress', running: true, files: 3 }],
      end: r1,
      how: 'dates',
      endFiles: 3,
      earlier: 0,
      notes: [],
      running: 'Second',
    });
  });

  it('the last round is the branch now', async () => {
    const { repo, base, head } = twoRounds();
    const info = await readRounds(git, repo.root, { base, head }, facts(1));
    assert.deepEqual(info, { shown: 'round', later: [], earlier: 1, notes: [], running: 'Second' });
  });

  it('a recorded tip rewritten away (force-push) leaves the end unknown, said in words', async () => {
    const { repo, base, r1, head } = twoRounds();
    repo.git('checkout', '-q', '--detach', base);
    const other = commitAt(repo, 5, { 'z.ts': 'z\n' });
    repo.git('checkout', '-q', 'agent/x');
    assert.notEqual(other, r1);
    const info = await readRounds(git, repo.root, { base, head }, facts(0, other));
    assert.equal(info.end, undefined);
    assert.match(info.unknown ?? '', /force-pushed/);
    assert.equal(info.later[0].files, undefined, 'a later round’s files are not counted from an unknown end');
  });

  it('a recorded tip at the base, the next round begun before any commit: the round made nothing', async () => {
    const { repo, base, head } = twoRounds();
    const info = await readRounds(git, repo.root, { base, head }, facts(0, base, 0));
    assert.equal(info.end, base);
    assert.equal(info.endFiles, 0);
    assert.equal(info.later[0].files, 5);
  });
});
