// Service text shows as the same words on every kind of surface, and never as a link, image, command, icon or
// formatting. Markdown is checked by rendering it with a CommonMark renderer (markdown-it, with autolinks on);
// the notification and icon syntaxes by what VS Code's renderers are documented to pick up.
import * as assert from 'node:assert/strict';
import { forDocument, forHtml, forLabel, forMarkdown, forMessage, forQuickPick } from '../../../src/safety/serviceText';
import { HOSTILE_TEXT } from '../../support/hostile';

import { createRequire } from 'node:module';

// Present through @vscode/vsce; a CommonMark renderer like the one VS Code draws hovers with (it ships no types).
const MarkdownIt = createRequire(__filename)('markdown-it') as (options: object) => { render(src: string): string };

const JOIN = '\u2060';
const HOSTILE = Object.entries(HOSTILE_TEXT);
/** A notification link: `[label](target)` with an http(s), command or file target. */
const MESSAGE_LINK = /\[[^\]]+\]\((?:https?:\/\/|command:|file:)/i;
/** A theme icon: `$(name)` or `$(name~modifier)`. */
const ICON = /\$\([a-z0-9-]+(?:~[a-z0-9-]*)?\)/i;
// eslint-disable-next-line no-control-regex -- finding control characters is the check
const CONTROL = /[\u0000-\u0008\u000B-\u001F\u007F-\u009F]/;
const REORDERING = /[\u202A-\u202E\u2066-\u2069]/;

const plain = (s: string): string => s.split(JOIN).join('');

describe('safety/serviceText', () => {
  describe('forMessage (notifications, modals)', () => {
    it('leaves no link and no icon in any hostile text, and keeps its words', () => {
      for (const [what, text] of HOSTILE) {
        const out = forMessage(text, 100_000);
        assert.doesNotMatch(out, MESSAGE_LINK, what);
        assert.doesNotMatch(out, ICON, what);
        assert.doesNotMatch(out, CONTROL, what);
        assert.doesNotMatch(out, REORDERING, what);
        assert.ok(!out.includes('\n'), `${what}: one line`);
      }
      assert.equal(plain(forMessage(HOSTILE_TEXT.commandLink)), HOSTILE_TEXT.commandLink);
      assert.equal(plain(forMessage(HOSTILE_TEXT.icons)), HOSTILE_TEXT.icons);
    });

    it('lets no link form across its edges with the words around it', () => {
      assert.doesNotMatch(`Task “${forMessage('[Review]')}(command:x)”`, MESSAGE_LINK);
      assert.doesNotMatch(`[Review]${forMessage('(command:workbench.action.terminal.new)')}`, MESSAGE_LINK);
      assert.doesNotMatch(`${forMessage('see [a')}${forMessage('](https://evil.example)')}`, MESSAGE_LINK);
    });

    it('is one bounded line, never splitting a character in two', () => {
      assert.equal(forMessage('first\nsecond\r\nthird'), 'first second third');
      assert.equal(forMessage(HOSTILE_TEXT.long).length, 400);
      assert.ok(forMessage(HOSTILE_TEXT.long).endsWith('…'));
      const emoji = forMessage('😀'.repeat(300), 10);
      assert.equal(emoji, `${'😀'.repeat(4)}…`);
      assert.equal(forMessage(undefined), '');
      assert.equal(forMessage(42), '42');
    });
  });

  describe('forLabel and forQuickPick (tree items, status bar, quick picks)', () => {
    it('shows no icon, one line, no control or reordering character, bounded', () => {
      for (const f of [forLabel, forQuickPick]) {
        for (const [what, text] of HOSTILE) {
          const out = f(text);
          assert.doesNotMatch(out, ICON, what);
          assert.doesNotMatch(out, CONTROL, what);
          assert.doesNotMatch(out, REORDERING, what);
          assert.ok(!/[\n\r\u2028\u2029]/.test(out), `${what}: one line`);
          assert.ok(out.length <= 200, what);
        }
        assert.equal(plain(f('$(alert) Fix the $(bug)')), '$(alert) Fix the $(bug)');
        assert.equal(f('  plain name  '), 'plain name');
      }
    });

    it('drops the characters that would make a name read otherwise', () => {
      assert.equal(forLabel(HOSTILE_TEXT.reordering), 'invoicegnp.exe and isolate');
      assert.equal(forLabel(HOSTILE_TEXT.controls), 'abc[31mde f', 'NEL breaks a line, which a label makes a space');
    });
  });

  describe('forMarkdown (tooltips, hovers)', () => {
    const md = MarkdownIt({ html: false, linkify: true });
    const FORMATTING = /<(?!\/?p>|br>)[a-z]/i;
    const textOf = (html: string): string =>
      html
        .replace(/<\/p>\n<p>/g, '\n\n')
        .replace(/<br>\n?/g, '\n')
        .replace(/<\/?p>\n?/g, '')
        .replace(/&lt;/g, '<')
        .replace(/&gt;/g, '>')
        .replace(/&quot;/g, '"')
        .replace(/&#39;/g, "'")
        .replace(/&amp;/g, '&')
        .replace(/\n$/, '');
    /** The text as it should read: line indentation and tabs are the only things Markdown may not keep. */
    const expected = (s: string): string =>
      s
        .replace(/\r\n|[\r\u2028\u2029\u0085]/g, '\n')
        // eslint-disable-next-line no-control-regex -- the control characters the text must lose
        .replace(/[\u0000-\u0008\u000B-\u001F\u007F-\u009F\u202A-\u202E\u2066-\u2069]/g, '')
        .replace(/[\u200B-\u200D\u2060\uFEFF\u00AD]/g, '')
        .split('\n')
        .map(l => l.replace(/\t/g, ' ').replace(/^ +/, ''))
        .join('\n');

    it('renders every hostile text as plain words: no link, image, code, emphasis, heading, list, table or HTML', () => {
      for (const [what, text] of HOSTILE) {
        if (what === 'long') continue;
        const html = md.render(forMarkdown(text));
        assert.doesNotMatch(html, FORMATTING, `${what}: ${html}`);
        assert.equal(plain(textOf(html)).replace(/\n\n/g, '\n'), expected(text).replace(/\n+/g, '\n'), what);
      }
    });

    it('turns no address into a link, however it is written', () => {
      for (const text of [
        'https://evil.example/x',
        'www.evil.example.com',
        '<https://evil.example>',
        'me@evil.example.com',
        'javascript:alert(1)',
      ]) {
        assert.doesNotMatch(md.render(forMarkdown(text)), /<a /, text);
      }
    });

    it('keeps `$(` from becoming an icon in a MarkdownString that shows them', () => {
      assert.doesNotMatch(forMarkdown(HOSTILE_TEXT.icons).replace(/\\/g, ''), ICON);
    });

    it('closes no fence and opens no code block', () => {
      const html = md.render(`before\n\n${forMarkdown(HOSTILE_TEXT.fence)}\n\nafter`);
      assert.doesNotMatch(html, /<pre|<code/);
      assert.match(html, /<p>after<\/p>/);
    });
  });

  describe('forDocument and forHtml', () => {
    it('keeps the lines of a document and drops controls and reordering', () => {
      assert.equal(forDocument('a\r\nb\rc\u2028d'), 'a\nb\nc\nd');
      assert.equal(forDocument(HOSTILE_TEXT.reordering), 'invoicegnp.exe and isolate');
      assert.doesNotMatch(forDocument(HOSTILE_TEXT.controls), CONTROL);
      assert.equal(forDocument(HOSTILE_TEXT.markdown), HOSTILE_TEXT.markdown);
    });

    it('escapes HTML so that it is text in an element or a quoted attribute', () => {
      assert.equal(
        forHtml(HOSTILE_TEXT.html),
        '&lt;img src=x onerror=alert(1)&gt;&lt;b&gt;bold&lt;/b&gt;&lt;a href=&quot;command:x&quot;&gt;a&lt;/a&gt;',
      );
      assert.equal(forHtml(`"'&`), '&quot;&#39;&amp;');
      assert.equal(
        forHtml(`<a href="x" title='y'>&amp;</a>`),
        '&lt;a href=&quot;x&quot; title=&#39;y&#39;&gt;&amp;amp;&lt;/a&gt;',
      );
    });

    it('keeps every visible character, tabs and lines as they are', () => {
      assert.equal(forHtml('naïve café 日本 👍 - [x](y) `z` $(x)'), 'naïve café 日本 👍 - [x](y) `z` $(x)');
      assert.equal(forHtml('line\r\nbreak\ttab\u2028end'), 'line\nbreak\ttab\nend');
    });

    it('shows hidden and reordering characters as their code points rather than dropping them', () => {
      assert.equal(forHtml('main\u202Egnp.exe'), 'main⟨U+202E⟩gnp.exe');
      assert.equal(
        forHtml('a\u0000b\u200Bc\u2066d\u2069\u00ADe\u{E0041}'),
        'a⟨U+0000⟩b⟨U+200B⟩c⟨U+2066⟩d⟨U+2069⟩⟨U+00AD⟩e⟨U+E0041⟩',
      );
      assert.equal(forHtml('x\uD800y'), 'x\uFFFDy', 'a lone surrogate as the replacement character');
      assert.equal(forHtml(HOSTILE_TEXT.reordering).includes('\u202E'), false);
    });
  });
});
