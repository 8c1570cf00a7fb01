import * as assert from 'node:assert/strict';
import { COMMANDS } from '../../../src/ids';
import { actionOfMessage, fileOfMessage, PAGE_ACTIONS } from '../../../src/taskPage/pageActions';
import { asText, plainLine } from '../../../src/shared/text';
import { aSession, aTask } from '../model/builders';

describe('taskPage/pageActions', () => {
  const task = aTask({ artifacts: [{ type: 'pull', provider: 'vendor', data: { id: 3 } }] });
  task.sessions = [aSession(task)];

  it("maps each button to the extension's own command", () => {
    const byId = Object.fromEntries(PAGE_ACTIONS.map(a => [a.id, a.command]));
    assert.deepEqual(byId, {
      openPullRequest: COMMANDS.openPullRequest,
      openOnWeb: COMMANDS.openTaskOnWeb,
      checkoutHeadBranch: COMMANDS.checkoutHeadBranch,
      reviewChanges: COMMANDS.reviewChanges,
      continueTask: COMMANDS.continueTask,
      sendFeedback: COMMANDS.sendFeedback,
    });
    assert.equal(actionOfMessage({ command: 'sendFeedback' }, task)?.command, COMMANDS.sendFeedback);
    assert.equal(actionOfMessage({ command: 'continueTask' }, task)?.command, COMMANDS.continueTask);
    assert.equal(actionOfMessage({ command: 'openPullRequest' }, task)?.command, COMMANDS.openPullRequest);
    assert.equal(actionOfMessage({ command: 'checkoutHeadBranch' }, task)?.command, COMMANDS.checkoutHeadBranch);
  });

  it('accepts nothing but {command: <an action of the list>}', () => {
    const refused: unknown[] = [
      undefined,
      null,
      'openOnWeb',
      ['openOnWeb'],
      {},
      { command: 42 },
      { command: 'openOnWeb', url: 'https://elsewhere.example' },
      { command: 'openOnWeb', task: { id: 'another' } },
      { command: COMMANDS.openTaskOnWeb },
      { command: 'workbench.action.terminal.new' },
      { command: 'toString' },
      { command: '__proto__' },
      { command: 'constructor' },
      JSON.parse('{"__proto__": {"command": "openOnWeb"}}'),
    ];
    for (const m of refused) assert.equal(actionOfMessage(m, task), undefined, JSON.stringify(m));
  });

  it('refuses an action that does not apply to the task now', () => {
    const bare = aTask({ html_url: undefined, artifacts: [] });
    assert.equal(actionOfMessage({ command: 'openPullRequest' }, bare), undefined);
    assert.equal(actionOfMessage({ command: 'openOnWeb' }, bare), undefined);
    assert.equal(actionOfMessage({ command: 'checkoutHeadBranch' }, bare), undefined);
    const noHead = { ...task, sessions: [aSession(task, { head_ref: '' })] };
    assert.equal(actionOfMessage({ command: 'checkoutHeadBranch' }, noHead), undefined);
    assert.equal(actionOfMessage({ command: 'continueTask' }, bare), undefined, 'no session: no branch to continue');
    assert.equal(actionOfMessage({ command: 'continueTask' }, noHead), undefined);
    const hostile = { ...task, sessions: [null, aSession(task, { head_ref: '--upload-pack=evil' })] } as never;
    assert.equal(actionOfMessage({ command: 'continueTask' }, hostile), undefined, 'a ref git would misread');
  });
});

describe('taskPage: a changed file named by a message', () => {
  it('takes only {command: openChange, file: n}, n a place in the list the page drew', () => {
    const files = ['src/a.ts', 'docs/b.md'];
    assert.equal(fileOfMessage({ command: 'openChange', file: 1 }, files), 'docs/b.md');
    for (const bad of [
      { command: 'openChange', file: 2 },
      { command: 'openChange', file: -1 },
      { command: 'openChange', file: 0.5 },
      { command: 'openChange', file: '0' },
      { command: 'openChange', file: 0, path: '/etc/passwd' },
      { command: 'openChange' },
      { command: 'reviewChanges', file: 0 },
      [0],
      null,
    ])
      assert.equal(fileOfMessage(bad, files), undefined, JSON.stringify(bad));
  });
});

describe('shared/text', () => {
  it('reads values of any type as text, a malformed one as missing', () => {
    assert.equal(asText(3), '3');
    assert.equal(asText(true), 'true');
    assert.equal(asText(null), '');
    assert.equal(asText({ toString: () => '<b>' }), '');
    assert.equal(asText(Number.NaN), '');
    assert.equal(asText(['<b>']), '');
  });

  it('makes a one-line, bounded tab title', () => {
    assert.equal(plainLine('a\nb\u202Ec', 40), 'a b⟨U+202E⟩c');
    assert.equal(plainLine('x'.repeat(50), 10), `${'x'.repeat(9)}…`);
    assert.equal([...plainLine('👍'.repeat(20), 10)].length, 10, 'cut between characters, not inside one');
  });
});
