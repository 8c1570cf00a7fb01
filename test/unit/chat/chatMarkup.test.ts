// What the chat tools hand a language model may be repeated into chat, whose Markdown allows some HTML (`img`, `a`).
// Service text in a tool result must stay data there: rendered by a real Markdown renderer with HTML and autolinks
// on, after every invisible character is removed (a model or client may drop them), it forms no tag, link, image or
// code span; and its words can still be read.
import * as assert from 'node:assert/strict';
import type { Task } from '../../../src/api/types';
import { changesLine } from '../../../src/changes/summary';
import type { ChangesView } from '../../../src/model/changesView';
import { failureText } from '../../../src/chat/refusals';
import { apiError } from '../errors/apiErrors';
import { quote, taskDetails, taskList, type TaskTextContext } from '../../../src/chat/taskText';
import { forChat } from '../../../src/safety/serviceText';
import { HOSTILE_TEXT } from '../../support/hostile';
import { aSession, aTask } from '../model/builders';

interface Token {
  type: string;
  content: string;
  children: Token[] | null;
}
interface Renderer {
  parse(src: string, env: object): Token[];
  render(src: string): string;
  linkify: { set(options: object): unknown };
}
// markdown-it ships no types; what this test uses of it is declared above.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const markdownIt = require('markdown-it') as (options: object) => Renderer;

/** CommonMark with raw HTML allowed and GFM's autolinks (`https://…`, `www.…`, e-mail addresses) on. */
function renderer(): Renderer {
  const md = markdownIt({ html: true, linkify: true });
  // GFM links addresses with a scheme, `www.` and e-mail addresses, not bare domains: the same here.
  md.linkify.set({ fuzzyLink: false, fuzzyEmail: true, fuzzyIP: false });
  return md;
}

/** Every character that shows nothing: controls (but the line feed), format characters, fillers, selectors. */
// eslint-disable-next-line no-misleading-character-class -- these very characters are what is removed
const INVISIBLE = /[\p{Cc}\p{Cf}\u034F\u115F\u1160\u3164\uFFA0\uFE00-\uFE0F\u{E0100}-\u{E01EF}]/gu;
const visibleOnly = (s: string): string =>
  s
    .split('\n')
    .map(l => l.replace(INVISIBLE, ''))
    .join('\n');

/** The tokens that are markup formed from text: raw HTML, a link (autolinks included), an image, a code span. */
const MARKUP = new Set(['html_inline', 'html_block', 'link_open', 'image', 'code_inline']);

function markupIn(text: string): string[] {
  const found: string[] = [];
  const walk = (tokens: Token[]): void => {
    for (const t of tokens) {
      if (MARKUP.has(t.type)) found.push(`${t.type} ${JSON.stringify(t.content)}`);
      if (t.children) walk(t.children);
    }
  };
  const visible = visibleOnly(text);
  walk(renderer().parse(visible, {}));
  // GFM also links `www.` at a word's start, which this renderer's linkify leaves to its fuzzy mode (that would link
  // bare domains too, which GFM does not): looked for here, by GFM's rule.
  for (const m of visible.matchAll(/(?:^|[\s*_~(])(www\.[^\s<]*)/gi)) found.push(`www autolink ${m[1]}`);
  return found;
}

/** Hostile text, and the same with invisible characters inside the patterns (which a renderer may not see). */
const SAMPLES: Record<string, string> = {
  ...HOSTILE_TEXT,
  script: '<script>alert(1)</script> and <svg/onload=alert(1)> and <!-- c --> <?php x ?>',
  joined: '[x]\u2060(https://evil.example) <\u200Bimg src=x onerror=alert(1)> !\u200D[i](https://evil.example/p.png)',
  schemes: 'https:\u200B//evil.example/a //evil.com/b mailto:me@evil.com ftp://evil.example/c www.evil.com',
  email: 'write to me@evil.com or me\u200B@evil.com',
  reference: '[x]: https://evil.example/ref and [x]',
  backticks: '``code`` and `more`',
  tagged: '\u{E003C}img src=x\u{E003E} <img\u{E0020}src=x onerror=alert(1)>',
};

const SERVICE = 'https://api.example.com';
const ctx: TaskTextContext = { serviceUrl: SERVICE, repoName: () => 'acme/rocket' };

function hostileTask(text: string): Task {
  const t = aTask({
    id: 'task-1',
    name: text,
    state: 'failed',
    // Not an address that may be opened: no address of ours is in the text, only what the service sent.
    html_url: 'javascript:alert(1)',
    artifacts: [{ provider: text, type: text, data: { id: 1 } }],
  });
  t.sessions = [aSession(t, { name: text, prompt: text, head_ref: text, base_ref: text, model: text })];
  return t;
}

const AUTO = () => JSON.stringify(markupIn(HOSTILE_TEXT.autolinks));

describe('chat tool results in chat Markdown', () => {
  it('the renderer of this test does form HTML, links, images and code from text that is not neutralised', () => {
    // The check is only worth anything if it would see the markup when it is there.
    assert.ok(markupIn(HOSTILE_TEXT.html).some(m => m.startsWith('html_inline')));
    assert.ok(markupIn(HOSTILE_TEXT.image).some(m => m.startsWith('image')));
    assert.equal(markupIn(HOSTILE_TEXT.autolinks).length, 3, AUTO());
    assert.equal(markupIn(SAMPLES.schemes).length, 5, JSON.stringify(markupIn(SAMPLES.schemes)));
    assert.equal(markupIn(SAMPLES.email).length, 2);
    assert.ok(
      markupIn(SAMPLES.joined).some(m => m.startsWith('link_open')),
      'once the joiner is gone',
    );
    assert.ok(markupIn(SAMPLES.backticks).some(m => m.startsWith('code_inline')));
  });

  it('forChat: no sample forms markup, even with every invisible character removed', () => {
    for (const [what, text] of Object.entries(SAMPLES)) {
      const out = forChat(text, 4000);
      assert.deepEqual(markupIn(out), [], `${what}: ${out}`);
      // Next to a model's own words: nothing a model opened can be closed by it, nor can it open what they close.
      assert.deepEqual(markupIn(`see [this ${out}`), [], `${what} after a model's opening bracket`);
      assert.deepEqual(markupIn(`see <a ${out}`), [], `${what} after a model's opening angle bracket`);
      assert.deepEqual(markupIn(`${out}(command:x)`), [], `${what} before a model's parenthesis`);
    }
  });

  it('the list, get and start texts: the whole result forms no markup from what the service sent', () => {
    for (const [what, text] of Object.entries(SAMPLES)) {
      const task = hostileTask(text);
      for (const result of [
        taskList([task], { states: [], limit: 10 }, ctx),
        taskDetails(task, ctx),
        `Started task ${quote(text)}.`,
        failureText('Listing tasks', apiError(422, { message: text })),
        failureText('Listing tasks', new Error(text)),
      ])
        assert.deepEqual(markupIn(result), [], `${what}: ${result}`);
    }
  });

  it("Get Agent Task's changes line: a file's name and a refused fetch's reason form no markup", () => {
    const ready = (path: string): ChangesView => ({
      kind: 'ready',
      ...{ head: 'agent/x', base: 'main', headSha: 'a'.repeat(40), baseSha: 'b'.repeat(40), root: '/w' },
      files: [{ path, kind: 'added', added: 1, removed: 0, binary: false }],
      commits: [],
      totals: { files: 1, added: 1, removed: 0 },
    });
    const lines = (text: string) => [
      changesLine(ready(`docs/${text}.md`)),
      changesLine({ kind: 'problem', why: `the fetch from origin was refused: ${text}`, todo: 'Check access.' }),
    ];
    assert.deepEqual(
      lines('<img src=x onerror=alert(22)>').map(l => markupIn(l ?? '')),
      [[], []],
    );
    for (const [what, text] of Object.entries(SAMPLES)) {
      for (const line of lines(text)) {
        assert.ok(line, what);
        const task = hostileTask(text);
        const result = taskDetails(task, { ...ctx, changesLine: () => line });
        assert.ok(result.includes(line), what);
        assert.deepEqual(markupIn(result), [], `${what}: ${line}`);
      }
    }
  });

  it('the words stay readable: each character is shown by a look-alike, nothing is dropped but hidden ones', () => {
    assert.equal(forChat('<img src=x onerror=alert(1)>'), '‹img src=x onerror=alert（1）›');
    assert.equal(forChat('[Click here](https://evil.example/steal)'), '［Click here］（https∶/∕evil.example/steal）');
    assert.equal(
      forChat('![pixel](x.png) `code` a & b, me@example.com'),
      '！［pixel］（x.png） ˋcodeˋ a ＆ b, me＠example.com',
    );
    assert.equal(forChat('see www.evil.example'), 'see www․evil.example');
    assert.equal(forChat('Fix the flaky countdown test'), 'Fix the flaky countdown test');
    assert.equal(forChat('feature/fix-parser_v2'), 'feature/fix-parser_v2', 'a branch name as it is');
    assert.equal(forChat('zero\u200Bwidth \u202Eoverride'), 'zerowidth override');
    const rendered = renderer().render(visibleOnly(forChat(HOSTILE_TEXT.html)));
    assert.match(rendered, /img src=x onerror=alert/);
    assert.match(rendered, /bold/);
  });
});
