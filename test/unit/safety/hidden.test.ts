// Characters that are not seen: every surface that cannot show them drops them, so two names that differ by one of
// them never look the same (`rocket`, and `ro` `cket` with a zero-width space between); where they are seen (inside an emoji, between letters of a script
// they shape) they stay. The page shows them as ⟨U+200B⟩ (serviceText.test.ts).
import * as assert from 'node:assert/strict';
import { dropHidden } from '../../../src/safety/hidden';
import { forChat, forLabel, forMarkdown, forMessage, forQuickPick, forTooltip } from '../../../src/safety/serviceText';
import { HOSTILE_TEXT } from '../../support/hostile';

/** The zero-width and other unseen characters a name can carry, one of each kind. */
const UNSEEN = [
  '\u200B', // zero-width space
  '\u200C', // zero-width non-joiner
  '\u200D', // zero-width joiner
  '\u2060', // word joiner
  '\uFEFF', // zero-width no-break space (byte order mark)
  '\u00AD', // soft hyphen
  '\u180E', // Mongolian vowel separator
  '\u2061', // function application
  '\u3164', // Hangul filler
  '\uFE0F', // a variation selector with nothing to select
  '\u{E0041}', // a tag
];
const JOIN = '\u2060';
const SURFACES = { forLabel, forMessage, forQuickPick, forTooltip, forMarkdown, forChat } as const;

describe('safety/hidden: characters that are not seen', () => {
  it('leaves none on any surface that cannot show them, so a name reads as what it is', () => {
    for (const [surface, f] of Object.entries(SURFACES)) {
      for (const ch of UNSEEN) {
        const out = f(`ro${ch}cket`);
        // The joiner a surface puts in itself (forMessage before `(`) is not in this text: no `(` or `$(` here.
        assert.ok(!out.includes(ch), `${surface} keeps U+${ch.codePointAt(0)?.toString(16)}: ${JSON.stringify(out)}`);
        assert.equal(out, 'rocket', `${surface} U+${ch.codePointAt(0)?.toString(16)}`);
      }
    }
  });

  it('drops them from the hostile text too, and still breaks links and icons with a joiner of its own', () => {
    const out = forMessage(`${HOSTILE_TEXT.zeroWidth} ${HOSTILE_TEXT.commandLink} $(alert)`);
    const inText = out.replace(/\]\u2060/g, ']').replace(/\u2060\(/g, '(');
    assert.ok(!/[\u200B-\u200D\u2060\uFEFF]/.test(inText), JSON.stringify(out));
    assert.doesNotMatch(out, /\]\(|\$\(/);
    assert.equal(forLabel('$(alert)\u200B'), `$${JOIN}(alert)`);
    // A joiner the service sent to pull `$` and `(` apart is dropped; the one the label puts in is its own.
    assert.equal(forLabel(`$${JOIN}(alert)`), `$${JOIN}(alert)`);
  });

  it('keeps a joiner and a variation selector inside an emoji, where they are seen', () => {
    for (const emoji of ['👩‍💻', '👨‍👩‍👧', '❤️', '👍🏽', '🏳️‍🌈', '1️⃣', '🏴󠁧󠁢󠁳󠁣󠁴󠁿']) {
      assert.equal(dropHidden(`build ${emoji} done`), `build ${emoji} done`, emoji);
      assert.equal(forLabel(`build ${emoji} done`), `build ${emoji} done`, emoji);
    }
    assert.equal(dropHidden('a\u200D💻'), 'a💻', 'a joiner between a letter and a picture joins nothing');
    assert.equal(dropHidden('a\uFE0F'), 'a', 'a variation selector after a letter selects nothing');
    assert.equal(dropHidden('1\uFE0F'), '1', 'a digit with no keycap');
    assert.equal(dropHidden('x\u{E0041}'), 'x', 'a tag outside a flag');
    // Judged by what is kept before it: a selector dropped after a letter makes no joiner after it look seen.
    assert.equal(dropHidden('rocket\uFE0F\u200D😀'), 'rocket😀');
    assert.equal(dropHidden('a\u200B\u200D💻'), 'a💻');
  });

  it('keeps a joiner or non-joiner between letters of a script it shapes, and nowhere else', () => {
    const persian = 'می\u200Cخواهم'; // ZWNJ is how Persian writes this word
    const devanagari = 'क्\u200Dष'; // ZWJ chooses a half form
    assert.equal(dropHidden(persian), persian);
    assert.equal(dropHidden(devanagari), devanagari);
    assert.equal(dropHidden('a\u200Cb\u200Dc'), 'abc');
    assert.equal(dropHidden('م\u200Ca'), 'مa', 'a non-joiner next to a Latin letter is not seen');
  });

  it('gives printable ASCII back as it came, and the short way gives what the long way would', () => {
    assert.equal(dropHidden('plain words (1) [2] $x'), 'plain words (1) [2] $x');
    for (const text of ['  Fix the parser  ', '$(zap) [a](b)', 'x'.repeat(500), '', ' a\tb ']) {
      // With a zero-width space at its end the text takes the long way, which drops it: the rest comes out the same.
      for (const f of [forLabel, forMessage, forQuickPick]) assert.equal(f(text), f(`${text}\u200B`), f.name);
    }
  });
});
