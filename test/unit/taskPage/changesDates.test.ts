// A commit's time is its author's to write: git gives `@9999999999999` (past the year 275760) as it was written. The
// task page's Changes section says "date unknown" for it and draws the rest, as it does with any time it cannot read.
import * as assert from 'node:assert/strict';
import { parseLog } from '../../../src/changes/parse';
import { totalsOf, type ChangesView } from '../../../src/model/changesView';
import { changesHtml } from '../../../src/changes/changesSection';
import { timeHtml } from '../../../src/shared/when';

const clock = { locale: 'en', timeZone: 'UTC', now: Date.parse('2026-03-10T12:00:00Z') };

function withCommits(times: number[]): ChangesView {
  const files = [{ path: 'a.txt', kind: 'modified' as const, added: 1, removed: 1, binary: false }];
  return {
    kind: 'ready',
    ...{ head: 'agent/x', base: 'main', headSha: 'a'.repeat(40), baseSha: 'b'.repeat(40), root: '/w' },
    files,
    commits: times.map((time, i) => ({
      sha: String(i).repeat(40),
      subject: `commit ${i}`,
      message: `commit ${i}`,
      time,
    })),
    totals: totalsOf(files),
  };
}

describe('taskPage: commit times no date can hold', () => {
  it('git log of a commit dated @9999999999999 reads as a time no date holds', () => {
    const [c] = parseLog(`${'f'.repeat(40)}\u00009999999999999\u0000far future\n\u0000`);
    assert.equal(c.subject, 'far future');
    assert.throws(() => new Date(c.time).toISOString(), RangeError, 'what the page used to call');
  });

  it('the Changes section says "date unknown" for it, and draws every other commit with its time', () => {
    const view = withCommits([9999999999999 * 1000, NaN, -9e15, Date.parse('2026-03-10T11:55:00Z')]);
    const html = changesHtml(view, timeHtml(clock));
    assert.equal(html.match(/date unknown/g)?.length, 3, html);
    assert.match(html, /commit 3<\/span> <code>3333333<\/code> <time datetime="2026-03-10T11:55:00.000Z"/);
    assert.match(html, /5 min ago/);
  });
});

describe('taskPage: a path or commit message of any length', () => {
  it('shows a bounded part of each, cut with an ellipsis', () => {
    const view = withCommits([0]);
    const long = {
      ...view,
      files: [{ path: `docs/${'a'.repeat(50_000)}.md`, kind: 'added' as const, added: 1, removed: 0, binary: false }],
      commits: [{ sha: 'c'.repeat(40), subject: `<b>${'b'.repeat(50_000)}`, message: '', time: 0 }],
    } as ChangesView;
    const html = changesHtml(long, timeHtml(clock));
    assert.ok(html.length < 5000, `${html.length} characters`);
    assert.match(html, /<code dir="auto">docs\/a+…<\/code>/);
    assert.match(html, /<span dir="auto">&lt;b&gt;b+…<\/span>/);
  });
});
