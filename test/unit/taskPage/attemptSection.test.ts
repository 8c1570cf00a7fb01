import * as assert from 'node:assert/strict';
import { attemptHtml, compareOfMessage, pageAttempt, siblingOfMessage } from '../../../src/taskPage/attemptSection';
import type { AttemptFact } from '../../../src/model/attemptFact';
import type { TaskPicture } from '../../../src/model/taskPicture';

const fact: AttemptFact = {
  setId: 'set-2',
  setName: '<img src=x onerror=alert(1)> Make **countdown** strict',
  index: 1,
  count: 3,
  model: 'model-b',
  siblings: [
    { index: 0, model: 'model-a', taskId: 'ta' },
    { index: 2, model: '"><script>alert(2)</script>' },
  ],
  aside: false,
};

describe('task page: an attempt names its siblings', () => {
  const pictureOf = (id: string) =>
    id === 'ta' ? ({ task: { id: 'ta', state: 'completed' } } as unknown as TaskPicture) : undefined;
  const page = pageAttempt(fact, pictureOf, s => (s === 'completed' ? 'Completed' : s));

  it('says which attempt of which set, each sibling with its state; only started ones are links', () => {
    assert.deepEqual(page?.siblings, [
      { index: 0, model: 'model-a', taskId: 'ta', state: 'Completed' },
      { index: 2, model: '"><script>alert(2)</script>' },
    ]);
    const html = attemptHtml(page);
    assert.match(html, /Attempt 2 of 3 of “&lt;img src=x onerror=alert\(1\)&gt; Make countdown strict” · model-b/);
    assert.match(
      html,
      /<button type="button" class="link" data-sibling="0">Attempt 1 · model-a \(Completed\)<\/button>/,
    );
    assert.match(html, /<li>Attempt 3 · &quot;&gt;&lt;script&gt;alert\(2\)&lt;\/script&gt;: not started<\/li>/);
    assert.equal(/<script|<img/.test(html), false, 'no markup from a prompt or a model name');
    assert.equal(attemptHtml(undefined), '');
  });

  it('a message opens a sibling only by its place among the links drawn', () => {
    assert.equal(siblingOfMessage({ command: 'openSibling', sibling: 0 }, fact), 'ta');
    assert.equal(siblingOfMessage({ command: 'openSibling', sibling: 1 }, fact), undefined);
    assert.equal(siblingOfMessage({ command: 'openSibling', sibling: '0' }, fact), undefined);
    assert.equal(siblingOfMessage({ command: 'openSibling', sibling: 0, extra: 1 }, fact), undefined);
    assert.equal(siblingOfMessage({ command: 'openChange', sibling: 0 }, fact), undefined);
    assert.equal(siblingOfMessage({ command: 'openSibling', sibling: 0 }, undefined), undefined);
  });

  it('offers Compare Attempts of its set once a sibling started too, and only that message runs it', () => {
    assert.equal(page?.compare, true);
    assert.equal(page?.setId, 'set-2');
    assert.match(attemptHtml(page), /<button type="button" data-action="compareAttempts">Compare Attempts<\/button>/);
    assert.equal(compareOfMessage({ command: 'compareAttempts' }, page), 'set-2');
    assert.equal(compareOfMessage({ command: 'compareAttempts', setId: 'other' }, page), undefined);
    assert.equal(compareOfMessage({ command: 'openSibling' }, page), undefined);
    assert.equal(compareOfMessage(['compareAttempts'], page), undefined);
    // Alone in its set so far (no sibling started), or where git cannot run: no button, and the message does nothing.
    const alone = pageAttempt({ ...fact, siblings: [{ index: 0, model: 'model-a' }] }, pictureOf, s => s);
    assert.equal(alone?.compare, false);
    assert.equal(/compareAttempts/.test(attemptHtml(alone)), false);
    assert.equal(compareOfMessage({ command: 'compareAttempts' }, alone), undefined);
    const gitless = pageAttempt(fact, pictureOf, s => s, false);
    assert.equal(/compareAttempts/.test(attemptHtml(gitless)), false);
    assert.equal(compareOfMessage({ command: 'compareAttempts' }, gitless), undefined);
  });
});
