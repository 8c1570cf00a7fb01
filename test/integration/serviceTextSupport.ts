// What "shows as the same words and nothing more" means for each surface, as assertions on the strings the editor is
// handed. A joiner (U+2060) has no width and no look, so the words read the same with it.
import * as assert from 'node:assert/strict';
import type { MarkdownRendering } from '../../src/testing/rendering';

const JOINER = /\u2060/g;
/** Characters that are not seen: a name that holds one reads as another. The joiners the surfaces put in are theirs. */
const UNSEEN = /[\u200B-\u200D\uFEFF\u00AD\u202A-\u202E\u2066-\u2069]/;

function nothingHidden(text: string, where: string): void {
  assert.doesNotMatch(text, UNSEEN, `${where}: a character that is not seen is left in ${JSON.stringify(text)}`);
}

/** A notification or modal text: no `](` (so no link or image), no `$(` (no icon); the words all there. */
export function inertMessage(text: string, words: string): void {
  assert.doesNotMatch(text, /\]\(/, `a link or image can form in: ${text}`);
  assert.doesNotMatch(text, /\$\(/, `an icon can form in: ${text}`);
  nothingHidden(text, 'message');
  assert.ok(text.replace(JOINER, '').includes(words), `“${words}” reads as written in: ${text}`);
}

/** A tree label (or description): no `$(` icon; the words all there. */
export function inertLabel(label: string, words: string): void {
  assert.doesNotMatch(label, /\$\(/, `an icon can form in the label: ${label}`);
  nothingHidden(label, 'label');
  assert.ok(label.replace(JOINER, '').includes(words), `“${words}” reads as written in the label: ${label}`);
}

/**
 * Markdown source of an untrusted tooltip: once every backslash escape is set aside, no `[`, `]`, `<` or backtick
 * is left to open a link, an image, HTML or code, and no `$(` to draw an icon; unescaped, it reads as the words.
 */
export function inertMarkdown(
  source: string,
  words: string,
  where: string,
  rendering: MarkdownRendering | undefined,
): void {
  assert.ok(rendering, `${where}: a MarkdownString`);
  assert.deepEqual(
    rendering,
    { trusted: false, html: false, icons: false },
    `${where}: untrusted, without HTML or theme icons`,
  );
  const bare = source.replace(/\\[\s\S]/g, '');
  assert.doesNotMatch(bare, /[[\]<`]/, `${where}: Markdown syntax is left unescaped in: ${source}`);
  assert.doesNotMatch(bare, /\$\(/, `${where}: an icon can form in: ${source}`);
  nothingHidden(source, where);
  const shown = source.replace(/\\([\s\S])/g, '$1').replace(JOINER, '');
  assert.ok(shown.includes(words), `${where}: “${words}” reads as written in: ${source}`);
}
