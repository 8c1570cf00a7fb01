import * as assert from 'node:assert/strict';
import { anchorIn, linesOf } from '../../../../src/changes/review/anchors';
import { feedbackPrompt } from '../../../../src/changes/review/feedback';
import { ReviewStore } from '../../../../src/changes/review/reviewStore';

describe('review: comments on the head side', () => {
  const lines = linesOf('a\nb\nc\nd\n');

  it('finds the commented lines where they moved, the nearest copy first', () => {
    assert.deepEqual(anchorIn(linesOf('x\ny\na\nb\nc\nd\n'), { start: 1, end: 2 }, 'b\nc\n'), {
      start: 3,
      end: 4,
      changed: false,
    });
    assert.deepEqual(anchorIn(linesOf('b\nz\nz\nb\n'), { start: 3, end: 3 }, 'b'), {
      start: 3,
      end: 3,
      changed: false,
    });
    assert.deepEqual(anchorIn(lines, { start: 0, end: 0 }, 'a  '), { start: 0, end: 0, changed: false });
  });

  it('stays near where it was and says its lines changed when they are gone; never past the end', () => {
    assert.deepEqual(anchorIn(lines, { start: 1, end: 2 }, 'B\nc'), { start: 1, end: 2, changed: true });
    assert.deepEqual(anchorIn(linesOf('a\n'), { start: 5, end: 7 }, 'q'), { start: 0, end: 0, changed: true });
  });

  it('writes the file, the lines, the quoted text and the comment, in file and line order', () => {
    const prompt = feedbackPrompt(
      [
        { path: 'src/b.ts', start: 4, end: 6, quote: 'x\ny\nz\n', body: ' Use a loop. ', changed: true },
        { path: 'src/a.ts', start: 0, end: 0, quote: 'const s = `${a}`; ```', body: 'Name it.' },
      ],
      'agent/fix',
    );
    assert.equal(
      prompt,
      [
        'Review comments on your changes on branch agent/fix. Address each of them on the same branch.',
        '',
        '1. src/a.ts, line 1:',
        '````',
        'const s = `${a}`; ```',
        '````',
        'Name it.',
        '',
        '2. src/b.ts, lines 5–7:',
        '```',
        'x\ny\nz',
        '```',
        'Use a loop.',
        '(The branch changed these lines after this comment was written.)',
        '',
      ].join('\n'),
    );
  });
});

describe('review: what is kept per task', () => {
  class Memento {
    data = new Map<string, unknown>();
    get<T>(k: string): T | undefined {
      return this.data.get(k) as T | undefined;
    }
    update(k: string, v: unknown): Promise<void> {
      this.data.set(k, JSON.parse(JSON.stringify(v)));
      return Promise.resolve();
    }
  }
  const sha = (c: string) => c.repeat(40);
  const comment = { id: 'c1', path: 'a.ts', start: 1, end: 2, quote: 'x\ny', body: 'Fix.' };
  const full = { ...comment, headSha: sha('a'), blob: sha('b'), createdAt: 5 };

  it('reads back what it wrote (as a reloaded window does), leaving out what is damaged', async () => {
    const m = new Memento();
    const first = new ReviewStore(m, () => 10);
    await first.addComment('t1', full);
    await first.setViewed('t1', 'a.ts', sha('b'));
    await first.markSent('t1', ['c1'], { taskId: 't2', name: 'Next' });
    const stored = m.get<Record<string, { comments: unknown[] }>>('agentTasks.review')!;
    stored.t1.comments.push({ ...full, id: 'bad', headSha: 'not a sha' }, null, 'text');
    const again = new ReviewStore(m);
    assert.deepEqual(again.of('t1').comments, [{ ...full, sent: { taskId: 't2', name: 'Next', at: 10 } }]);
    assert.deepEqual(again.of('t1').viewed, { 'a.ts': sha('b') });
    assert.deepEqual(again.withUnsent(), []);
    m.data.set('agentTasks.review', 'garbage');
    assert.deepEqual(new ReviewStore(m).of('t1').comments, []);
  });
});
