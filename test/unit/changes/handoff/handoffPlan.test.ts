// The hand-off's confirmation and the chat tool's withMyChanges option, in plain Node.
import assert from 'node:assert/strict';
import { parseStart } from '../../../../src/chat/toolInput';
import { confirmation } from '../../../../src/changes/handoff/handoffPlan';

describe('handoff/plan', () => {
  const plan = {
    repoLabel: 'acme/rocket',
    remote: 'origin',
    branch: 'agent-tasks/fix',
    base: 'main',
    tracked: ['a.ts', 'b.ts'],
    untracked: ['c.ts'],
    prompt: 'Fix it [click](command:evil) $(zap)\nsecond line',
  };

  it('says the repository, both branches, the file count and the prompt as plain text', () => {
    const { message, detail } = confirmation(plan);
    assert.equal(message, 'Push 3 files to a new branch and start a task?');
    assert.match(detail, /^Repository: acme\/rocket$/m);
    assert.match(detail, /^New branch: agent-tasks\/fix \(pushed to origin\)$/m);
    assert.match(detail, /^Base branch: main$/m);
    assert.match(detail, /^Files: 3 files \(1 of them untracked\)$/m);
    assert.match(detail, /^Prompt: Fix it .*second line$/m);
    assert.doesNotMatch(detail, /\]\(/, 'no link can form');
    assert.match(confirmation({ ...plan, base: '', baseNote: 'no upstream' }).detail, /default \(no upstream\)/);
    assert.doesNotMatch(detail, /Also pushed/, 'no commit of the branch goes when none is unpushed');
  });

  it('counts the commits of the branch the remote has not seen, since the new branch carries them', () => {
    const { message, detail } = confirmation({ ...plan, unpushed: 2 });
    assert.equal(message, 'Push 3 files and 2 commits to a new branch and start a task?');
    assert.match(detail, /^Also pushed: 2 commits of your branch that origin does not have yet /m);
  });

  it('the chat start tool takes withMyChanges as a boolean, not with a base or a task to continue', () => {
    assert.deepEqual(parseStart({ prompt: 'x', withMyChanges: true }), {
      ok: true,
      value: { prompt: 'x', withMyChanges: true },
    });
    assert.equal(parseStart({ prompt: 'x', withMyChanges: 'yes' }).ok, false);
    const both = parseStart({ prompt: 'x', withMyChanges: true, baseRef: 'main' });
    assert.ok(!both.ok && /leave “continueTaskId” and “baseRef” out/.test(both.problem));
    assert.equal(parseStart({ prompt: 'x', withMyChanges: true, continueTaskId: 't1' }).ok, false);
  });
});
