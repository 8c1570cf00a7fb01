// The feedback prompt's first line: the service names the new task from it, so two rounds of one work differ.
import * as assert from 'node:assert/strict';
import { feedbackHeading, feedbackPrompt, type FeedbackItem } from '../../../../src/changes/review/feedback';

const item = (path: string, start: number, body: string): FeedbackItem => ({
  path,
  start,
  end: start,
  quote: 'x',
  body,
});

describe('review: the feedback round’s first line', () => {
  const round = { n: 2, firstName: 'Make countdown reject negative numbers' };

  it('starts with the round, the first task and the first comment, then the instruction and the items unchanged', () => {
    const prompt = feedbackPrompt(
      [item('src/b.ts', 3, 'Second file.'), item('src/a.ts', 0, 'Use a while loop here.'), item('src/a.ts', 5, 'x')],
      'agent/fix',
      round,
    );
    const lines = prompt.split('\n');
    assert.equal(
      lines[0],
      'Round 2 of “Make countdown reject negative numbers”: Use a while loop here. (+2 more comments)',
    );
    assert.equal(
      lines[1],
      'Review comments on your changes on branch agent/fix. Address each of them on the same branch.',
    );
    // The items as the sandbox reads them, exactly as a prompt without the round's line has them.
    const without = feedbackPrompt(
      [item('src/b.ts', 3, 'Second file.'), item('src/a.ts', 0, 'Use a while loop here.'), item('src/a.ts', 5, 'x')],
      'agent/fix',
    );
    assert.equal(prompt, `${lines[0]}\n${without}`);
    assert.ok(prompt.includes('\n\n1. src/a.ts, line 1:\n```\nx\n```\nUse a while loop here.\n\n2. src/a.ts, line 6:'));
  });

  it('says one more comment, or none', () => {
    assert.equal(feedbackHeading(round, 'Fix it.', 1), 'Round 2 of “Make countdown reject negative numbers”: Fix it.');
    assert.equal(
      feedbackHeading(round, 'Fix it.', 2),
      'Round 2 of “Make countdown reject negative numbers”: Fix it. (+1 more comment)',
    );
  });

  it('shortens a long comment and keeps it, and the task name, plain text on one line', () => {
    const heading = feedbackHeading(
      { n: 3, firstName: '## **Bold** `name`\nwith [a link](https://x.test) and\r\nbreaks' },
      `First line of a long comment\n\nthat goes on ${'and on '.repeat(40)}`,
      4,
    );
    assert.doesNotMatch(heading, /[\r\n]/);
    assert.ok(heading.length <= 160, `${heading.length}: ${heading}`);
    assert.match(
      heading,
      /^Round 3 of “Bold name with \[a link\]\(https:\/\/x\.test\) and…”: First line of a long comment that goes on[a-z ]*… \(\+3 more comments\)$/,
    );
    assert.doesNotMatch(heading, /\*\*|`|##/);
  });

  it('differs between two rounds of one work, where the old first line was the same', () => {
    const items = [item('src/a.ts', 0, 'Use a while loop here.')];
    const second = feedbackPrompt(items, 'agent/fix', round).split('\n', 1)[0];
    const third = feedbackPrompt(items, 'agent/fix', { ...round, n: 3 }).split('\n', 1)[0];
    assert.notEqual(second, third);
  });
});
