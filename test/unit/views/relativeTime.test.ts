import * as assert from 'node:assert/strict';
import * as l10n from '@vscode/l10n';
import { duration, isoTime, relativeTime } from '../../../src/shared/relativeTime';
import { pullRequestUrl, repoOfTask, webBase } from '../../../src/model/taskLinks';

describe('shared/relativeTime', () => {
  const now = Date.parse('2026-03-10T12:00:00Z');
  it('says how long ago', () => {
    assert.equal(relativeTime('2026-03-10T11:59:50Z', now), 'just now');
    assert.equal(relativeTime('2026-03-10T11:55:00Z', now), '5 min ago');
    assert.equal(relativeTime('2026-03-10T09:00:00Z', now), '3 h ago');
    assert.equal(relativeTime('2026-03-09T12:00:00Z', now), 'yesterday');
    assert.equal(relativeTime('2026-03-01T12:00:00Z', now), '9 days ago');
    assert.equal(relativeTime('2025-01-01T00:00:00Z', now), '2025-01-01');
  });
  it('reads each time of a list of more than 10,000 once, however often the list is gone through', () => {
    // Go to Task and the views go through every task's time at each drawing; a list a little longer than the memo
    // used to empty it at each pass and read every time again.
    const times = Array.from({ length: 10_050 }, (_, i) => new Date(Date.UTC(2024, 0, 1) + i * 60_000).toISOString());
    const parse = Date.parse;
    let reads = 0;
    Date.parse = (s: string) => (reads++, parse(s));
    try {
      for (const t of times) relativeTime(t, now);
      const first = reads;
      reads = 0;
      for (let pass = 0; pass < 3; pass++) for (const t of times) relativeTime(t, now);
      assert.ok(first <= times.length, `${first} reads at the first pass`);
      assert.ok(reads <= 3 * 100, `${reads} reads in three more passes over ${times.length} times`);
      assert.equal(relativeTime(times[0], now), '2024-01-01');
      assert.equal(relativeTime(times.at(-1), now), '2024-01-07');
    } finally {
      Date.parse = parse;
    }
  });
  it('tolerates odd input', () => {
    assert.equal(relativeTime(undefined, now), '');
    assert.equal(relativeTime('garbage', now), '');
    assert.equal(relativeTime('2026-03-10T12:05:00Z', now), 'just now');
  });
  it('says the date of a time far ahead of now, not "just now"', () => {
    assert.equal(relativeTime('2286-11-20T17:46:39Z', now), '2286-11-20');
    assert.equal(relativeTime('+275760-09-13T00:00:00.000Z', now), '+275760-09-13');
  });
  it('writes an instant as ISO text only when a date can hold it (a commit dated @9999999999999 is none)', () => {
    assert.equal(isoTime(Date.parse('2026-03-10T12:00:00Z')), '2026-03-10T12:00:00.000Z');
    assert.equal(isoTime(0), '1970-01-01T00:00:00.000Z');
    for (const bad of [9999999999999 * 1000, -9e15, NaN, Infinity, -Infinity])
      assert.equal(isoTime(bad), undefined, String(bad));
    assert.equal(isoTime(8.64e15), '+275760-09-13T00:00:00.000Z');
  });
  it('says every form in the words of the translation it is given', () => {
    const german = {
      'just now': 'gerade eben',
      '{0} min ago': 'vor {0} Min.',
      '{0} h ago': 'vor {0} Std.',
      yesterday: 'gestern',
      '{0} days ago': 'vor {0} Tagen',
      '{0} s': '{0} Sek.',
      '{0} min {1} s': '{0} Min. {1} Sek.',
      '{0} h {1} min': '{0} Std. {1} Min.',
    };
    l10n.config({ contents: german });
    try {
      const said = [
        relativeTime('2026-03-10T11:59:50Z', now),
        relativeTime('2026-03-10T11:55:00Z', now),
        relativeTime('2026-03-10T09:00:00Z', now),
        relativeTime('2026-03-09T12:00:00Z', now),
        relativeTime('2026-03-01T12:00:00Z', now),
        duration('2026-03-10T12:00:00Z', '2026-03-10T12:00:07Z'),
        duration('2026-03-10T12:00:00Z', '2026-03-10T12:02:05Z'),
        duration('2026-03-10T12:00:00Z', '2026-03-10T15:04:00Z'),
      ];
      assert.deepEqual(said, [
        'gerade eben',
        'vor 5 Min.',
        'vor 3 Std.',
        'gestern',
        'vor 9 Tagen',
        '7 Sek.',
        '2 Min. 5 Sek.',
        '3 Std. 4 Min.',
      ]);
    } finally {
      l10n.config({ contents: {} });
    }
  });
  it('reads each time once, yet says how long ago at every later moment, and stays right past its memo', () => {
    const iso = '2026-03-10T11:55:00Z';
    assert.equal(relativeTime(iso, now), '5 min ago');
    assert.equal(relativeTime(iso, now + 10 * 60_000), '15 min ago', 'the same time later: the label moved on');
    assert.equal(relativeTime('2025-01-01T00:00:00Z', now), '2025-01-01');
    for (let i = 0; i < 12_000; i++) relativeTime(new Date(Date.UTC(2024, 0, 1) + i * 1000).toISOString(), now);
    assert.equal(relativeTime(iso, now + 60 * 60_000), '1 h ago');
    assert.equal(relativeTime('2025-01-01T00:00:00Z', now), '2025-01-01');
    assert.equal(relativeTime('garbage', now), '');
  });
  it('measures durations', () => {
    assert.equal(duration('2026-03-10T12:00:00Z', '2026-03-10T12:02:05Z'), '2 min 5 s');
    assert.equal(duration('2026-03-10T12:00:00Z', null), '');
  });
});

describe('model/taskLinks', () => {
  it('reads owner/repo from a task address', () => {
    assert.deepEqual(repoOfTask({ url: 'http://127.0.0.1:9/agents/repos/acme/rocket/tasks/t1' }), {
      owner: 'acme',
      repo: 'rocket',
    });
    assert.deepEqual(repoOfTask({ html_url: 'https://example.com/acme/rocket/tasks/t1' }), {
      owner: 'acme',
      repo: 'rocket',
    });
    assert.equal(repoOfTask({}), undefined);
  });
  it('builds the web base and pull request address', () => {
    assert.equal(webBase('https://api.example.com'), 'https://example.com');
    assert.equal(webBase('https://code.corp.example/api/v3'), 'https://code.corp.example');
    const pr = { provider: 'x', type: 'pull', data: { id: 42 } };
    assert.equal(
      pullRequestUrl({ html_url: 'https://example.com/acme/rocket/tasks/t1' }, pr, ''),
      'https://example.com/acme/rocket/pull/42',
    );
    assert.equal(
      pullRequestUrl(
        { url: 'https://api.example.com/agents/repos/acme/rocket/tasks/t1' },
        pr,
        'https://api.example.com',
      ),
      'https://example.com/acme/rocket/pull/42',
    );
  });
});
