// Task and session names (a prompt's first line) shown without their Markdown decoration, and never turned into
// markup: whatever plainName gives still goes through the surface's own function, which must find nothing to act on.
import * as assert from 'node:assert/strict';
import { forHtml, forLabel, forMessage, plainName } from '../../../src/safety/serviceText';
import { HOSTILE_TEXT } from '../../support/hostile';

const MESSAGE_LINK = /\[[^\]]+\]\((?:https?:\/\/|command:|file:)/i;

describe('safety/plainName', () => {
  it('drops code marks, emphasis, strike-through and heading marks, keeping the words', () => {
    assert.equal(plainName('Fix `foo` parser'), 'Fix foo parser');
    assert.equal(plainName('``a ` b`` and `c`'), 'a ` b and c');
    assert.equal(
      plainName('**Bold** and *em* and _em_ and __two words__ and ~~old~~'),
      'Bold and em and em and two words and old',
    );
    assert.equal(plainName('# Add a zsh prompt'), 'Add a zsh prompt');
    assert.equal(plainName('## Closed heading ##'), 'Closed heading');
    assert.equal(plainName('Fix `x` in issue #'), 'Fix x in issue #', 'a # that closes no heading stays');
    assert.equal(plainName('Plain words, no marks'), 'Plain words, no marks');
    assert.equal(plainName('- move the config'), 'move the config');
    assert.equal(plainName('> quoted ask'), 'quoted ask');
  });

  it('leaves a link or image whole, target included, for the surface to show as text', () => {
    const link = 'See [the docs](https://example.com/d) and ![logo](x.png)';
    assert.equal(plainName(link), link);
    assert.equal(plainName('**[Review](command:x)**'), '[Review](command:x)');
    assert.doesNotMatch(forMessage(plainName('**[Review](command:x)**')), MESSAGE_LINK);
  });

  it('leaves what is not decoration: identifiers, arithmetic, code span contents, unmatched marks', () => {
    assert.equal(plainName('Rename snake_case_name and __init__'), 'Rename snake_case_name and __init__');
    assert.equal(plainName('Compute 2 * 3 * 4'), 'Compute 2 * 3 * 4');
    assert.equal(plainName('Fix `**kwargs` handling'), 'Fix **kwargs handling');
    assert.equal(plainName('C# is #1'), 'C# is #1');
    assert.equal(plainName('`unclosed and *lonely'), '`unclosed and *lonely');
    assert.equal(plainName(''), '');
    assert.equal(plainName(undefined), '');
    assert.equal(plainName(42), '42');
  });

  it('undoes backslash escapes without letting them form a link on any surface', () => {
    const out = plainName('\\[Review\\](command:workbench.action.reloadWindow)');
    assert.equal(out, '[Review](command:workbench.action.reloadWindow)', 'the same words, as text');
    assert.doesNotMatch(forMessage(out), MESSAGE_LINK);
    assert.doesNotMatch(forMessage(plainName('[x](command:y)')), MESSAGE_LINK);
  });

  it('leaves hidden characters to the surface: a page shows them, a label drops them', () => {
    const name = 'main\u202Egnp.exe `x`';
    assert.ok(forHtml(plainName(name)).includes('main\u27E8U+202E\u27E9gnp.exe x'));
    assert.equal(forLabel(plainName(name)), 'maingnp.exe x');
  });

  it('makes no link or icon of any hostile text once its surface has taken it', () => {
    for (const [what, text] of Object.entries(HOSTILE_TEXT)) {
      const out = forMessage(plainName(text), 100_000);
      assert.doesNotMatch(out, MESSAGE_LINK, what);
      assert.doesNotMatch(out, /\$\([a-z0-9-]+\)/i, what);
    }
  });
});
