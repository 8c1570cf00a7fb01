// The one place that decides how text from the service is shown, per kind of surface. The service, a proxy on the
// way, or whoever wrote a prompt (a task's name is its prompt's first line) chooses this text; it must show as the
// same words and as nothing more: never a link, an image, a command, an icon or formatting.
//
// What each surface interprets (read from VS Code's own renderers):
//   notification / modal  `[label](https:|command:|file:…)` becomes a link that runs; `$(name)` becomes an icon
//   tree label, description, status bar, quick pick   `$(name)` becomes an icon
//   Markdown (tooltips, hovers)   all of Markdown; with theme icons on, `$(name)` too
//   webview HTML                  all of HTML (hidden characters are shown there as ⟨U+202E⟩, not dropped)
// Neutralising inserts WORD JOINER (U+2060), which has no width and no look: `](` and `$(` with one inside are not
// those patterns any more, and a reader sees the same characters. Every kind also drops control characters, the
// characters that reorder text (bidirectional overrides and isolates) and those that are not seen at all (zero-width
// spaces and joiners), which could make the words read otherwise or two names that differ look the same; HTML, which
// has room, shows them instead. Every kind but a document bounds the length.
import { dropHidden, showHiddenChars } from './hidden';

const JOIN = '\u2060';
/** C0 and C1 controls other than tab and line feed, and DEL. */
// eslint-disable-next-line no-control-regex -- matching control characters is what this is for
const CONTROLS = /[\u0000-\u0008\u000B-\u001F\u007F-\u009F]/g;
/** Bidirectional marks, embeddings, overrides and isolates. */
const REORDERING = /[\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/g;
const LINE_BREAKS = /\r\n|[\r\n\u2028\u2029\u0085]/g;
/**
 * Printable ASCII only: no control, hidden, reordering or line-breaking character can be in it. Most text is this,
 * and a tree row's label then costs one test (labels are made for every row at every first draw).
 */
const PLAIN_ASCII = /^[\x20-\x7E]*$/;

export type ServiceText = string | number | null | undefined;

function asString(text: ServiceText): string {
  return typeof text === 'string' ? text : text === null || text === undefined ? '' : String(text);
}

function base(text: ServiceText): string {
  return asString(text).replace(LINE_BREAKS, '\n').replace(CONTROLS, '').replace(REORDERING, '');
}

/** `base`, and no character that is not seen (zero-width spaces and joiners, variation selectors…). */
function seen(text: ServiceText): string {
  return dropHidden(base(text));
}

/** At most `max` UTF-16 units, never splitting a surrogate pair, with an ellipsis when cut. */
function bounded(s: string, max: number): string {
  if (s.length <= max) return s;
  let end = Math.max(0, max - 1);
  const last = s.charCodeAt(end - 1);
  if (last >= 0xd800 && last <= 0xdbff) end--;
  return `${s.slice(0, end)}…`;
}

function oneLine(s: string): string {
  return s.replace(/[\n\t]+/g, ' ');
}

/** `$(` cannot start an icon once a joiner sits inside it. */
function noIcons(s: string): string {
  return s.includes('$(') ? s.replace(/\$\(/g, `$${JOIN}(`) : s;
}

/** One line of what is seen of `text`, trimmed, at most `max` long; printable ASCII takes one test. */
function seenLine(text: ServiceText, max: number): string {
  if (typeof text === 'string' && PLAIN_ASCII.test(text)) return bounded(text.trim(), max);
  return bounded(oneLine(seen(text)).trim(), max);
}

/**
 * For a notification or a modal message (and any text VS Code shows as one, such as a progress title). One line,
 * at most `max` characters; no `[label](target)` link can form, whatever text surrounds it, and no `$(icon)`.
 */
export function forMessage(text: ServiceText, max = 400): string {
  const s = seenLine(text, max);
  // A joiner after every `]` and before every `(`: no `](` can form inside this text, nor across its edges with
  // the words around it.
  return s.replace(/\]/g, `]${JOIN}`).replace(/\(/g, `${JOIN}(`);
}

/** For a tree item's label or description, or the status bar: one line, at most `max` characters, no `$(icon)`. */
export function forLabel(text: ServiceText, max = 200): string {
  return noIcons(seenLine(text, max));
}

/** For a quick pick item's label, description or detail: the same rules as a tree label. */
export function forQuickPick(text: ServiceText, max = 200): string {
  return forLabel(text, max);
}

/**
 * For a tree item's tooltip given as a string (drawn as plain text): its lines kept, at most `max` characters, no
 * control, reordering or unseen character, no `$(icon)`.
 */
export function forTooltip(text: ServiceText, max = 1000): string {
  return noIcons(bounded(seen(text).replace(/\t/g, ' ').trim(), max));
}

/** A character that can start a mark, or a heading, quote or list marker at a line's start. */
const MAY_BE_DECORATED = /[`*_~\\]|(?:^|[\n\r\u2028\u2029\u0085])\s{0,3}(?:#|>|[-+]\s)/;

/** `` `code` `` spans: a run of backticks, the content, the same run again (CommonMark's rule). */
const CODE_SPAN = /(`+)([^`]|[^`][\s\S]*?[^`])\1(?!`)/g;

/**
 * Markdown decoration of text outside code spans: emphasis and strike-through lose their marks. Links and images are
 * left whole, target included: hiding where one points would hide words the service sent.
 */
function undecorated(s: string): string {
  return (
    s
      .replace(/\*\*(?=\S)([^\n]*?\S)\*\*/g, '$1')
      // A dunder name (`__init__`) is a word, not strong emphasis.
      .replace(/(^|[^\w\\])__(?=\S)(?!\w+__(?!\w))([^\n]*?\S)__(?!\w)/g, '$1$2')
      .replace(/~~(?=\S)([^\n]*?\S)~~/g, '$1')
      .replace(/(^|[^\w*\\])\*(?=[^\s*])([^*\n]*?[^\s*\\])\*(?![\w*])/g, '$1$2')
      // `_` marks emphasis only at a word's edge: snake_case and __init__ stay as they are.
      .replace(/(^|[^\w\\])_(?=[^\s_])([^_\n]*?[^\s_\\])_(?!\w)/g, '$1$2')
      .replace(/\\([!-/:-@[-`{-~])/g, '$1')
  );
}

/**
 * A name (a task's or session's, made from a prompt's first line) without its Markdown decoration: `Fix `foo`
 * parser` reads "Fix foo parser", `**bold**` and `_em_` lose their marks, a heading or list marker at the start
 * goes; a link stays as written (every surface then shows it as text). The result is plain words, not Markdown,
 * and not safe for any surface by itself: it still goes through the function of the surface that shows it
 * (forLabel, forMessage, forHtml…).
 */
export function plainName(text: ServiceText): string {
  // Hidden characters stay: the surface decides whether to drop them or show them (a page shows ⟨U+202E⟩).
  const raw = asString(text);
  // Most names carry no mark at all: one test, and a tree of a thousand tasks draws as fast as before.
  if (!MAY_BE_DECORATED.test(raw)) return raw.replace(LINE_BREAKS, '\n');
  const s = raw
    .replace(LINE_BREAKS, '\n')
    .replace(/^\s{0,3}#{1,6}\s+(.*?)(?:\s+#+)?\s*$/gm, '$1')
    .replace(/^\s{0,3}(?:>\s?)+/gm, '')
    .replace(/^\s{0,3}[-*+]\s+(?!$)/gm, '');
  let out = '';
  let last = 0;
  for (const m of s.matchAll(CODE_SPAN)) {
    out += undecorated(s.slice(last, m.index)) + m[2].replace(/^ (.*) $/s, '$1');
    last = m.index + m[0].length;
  }
  return out + undecorated(s.slice(last));
}

/** Every ASCII punctuation character: CommonMark lets a backslash make any of them plain text. */
const MARKDOWN_PUNCTUATION = /[!-/:-@[-`{-~]/g;

/**
 * For `MarkdownString.appendMarkdown` (untrusted, no HTML): Markdown source that renders as exactly this text.
 * Every punctuation character is escaped, so no emphasis, code, link, image, autolink, HTML, entity, table or
 * heading can form; lines keep their breaks, lose their indentation (which would open a code block), and `$(`
 * carries a joiner for MarkdownStrings that show theme icons.
 */
export function forMarkdown(text: ServiceText, max = 4000): string {
  return bounded(seen(text), max)
    .split('\n')
    .map(line =>
      line
        .replace(/\t/g, ' ')
        .replace(/^ +/, '')
        .replace(MARKDOWN_PUNCTUATION, c => `\\${c}`)
        .replace(/\\\$\\\(/g, `\\$${JOIN}\\(`),
    )
    .join('  \n');
}

/** For a plain-text document: line breaks as `\n`, no control characters, nothing that reorders the text. */
export function forDocument(text: ServiceText): string {
  return base(text);
}

/**
 * Where there is room to say so (a page, a title of one), hidden characters are not dropped but shown as
 * ⟨U+202E⟩: a branch name that a direction override makes read as another is seen to be odd. Line breaks become
 * `\n` first; everything else is kept as it is.
 */
export function showHidden(text: ServiceText): string {
  return showHiddenChars(asString(text).replace(LINE_BREAKS, '\n'));
}

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/**
 * For HTML (a webview): the text as character data, safe in an element and in a quoted attribute alike. Nothing
 * the service sends can open or close a tag, leave an attribute or start an entity; hidden characters are shown
 * (`showHidden`), not dropped. With `max`, at most that many characters of it (a page has room, but not for any size).
 */
export function forHtml(text: ServiceText, max?: number): string {
  const shown = showHidden(text);
  return (max === undefined ? shown : bounded(shown, max)).replace(/[&<>"']/g, c => HTML_ESCAPES[c] ?? c);
}

/**
 * Visible stand-ins for the characters with which Markdown or HTML markup starts: a tag, comment or autolink (`<`),
 * a link, image or reference (`[`, `]`, `(`, `)`, `!`), a code span (`` ` ``), an entity (`&`), an e-mail address
 * (`@`). Each looks like the character it stands for, so the words read the same.
 */
const CHAT_STAND_INS: Record<string, string> = {
  '<': '\u2039', // ‹
  '>': '\u203A', // ›
  '[': '\uFF3B', // ［
  ']': '\uFF3D', // ］
  '(': '\uFF08', // （
  ')': '\uFF09', // ）
  '!': '\uFF01', // ！
  '`': '\u02CB', // ˋ
  '&': '\uFF06', // ＆
  '@': '\uFF20', // ＠
};

/**
 * For a chat tool's result, which a language model may repeat into chat's Markdown (rendered with some HTML, such as
 * `img` and `a`). One line, at most `max` characters; hidden characters are dropped first, then every character
 * that starts markup is replaced by a look-alike (`CHAT_STAND_INS`), and the starts of bare addresses (`://`, `//`,
 * `www.`) are broken with look-alikes too. No tag, link, image, autolink or code span can form, with or without
 * the words around it, even where a model or client drops invisible characters: nothing invisible does the work.
 */
export function forChat(text: ServiceText, max = 400): string {
  const s = bounded(oneLine(seen(text)).trim(), max);
  return s
    .replace(/[<>[\]()!`&@]/g, c => CHAT_STAND_INS[c] ?? c)
    .replace(/:(?=\/\/)/g, '\u2236') // ∶
    .replace(/\/\//g, '/\u2215') // ∕
    .replace(/\b(www)\./gi, '$1\u2024'); // ․
}
