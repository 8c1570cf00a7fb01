// How text from the service reaches the task page: as text, never as markup. Pure: no `vscode`.

const HTML_ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/**
 * Characters that change what a reader sees without being seen themselves: C0/C1 controls (tab and line breaks
 * excepted), direction overrides, embeddings, isolates and marks (they can make `main` read as another branch),
 * zero-width characters and joiners, the soft hyphen, fillers, variation selectors, tag characters, and lone
 * surrogates (not text at all).
 */
const HIDDEN =
  // eslint-disable-next-line no-control-regex, no-misleading-character-class -- matching these very characters is the point
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F\u00AD\u034F\u061C\u115F\u1160\u17B4\u17B5\u180B-\u180F\u200B-\u200F\u202A-\u202E\u2060-\u206F\u3164\uFE00-\uFE0F\uFEFF\uFFA0\uFFF9-\uFFFB\uD800-\uDFFF\u{E0000}-\u{E007F}]/gu;

function codePoint(ch: string): string {
  const cp = ch.codePointAt(0) ?? 0;
  // A lone surrogate is no character: it is shown as the replacement character, as a decoder would.
  if (cp >= 0xd800 && cp <= 0xdfff) return '\uFFFD';
  return `\u27E8U+${cp.toString(16).toUpperCase().padStart(4, '0')}\u27E9`;
}

/** Invisible and direction-changing characters made visible as ⟨U+202E⟩; everything else kept as it is. */
export function showHidden(text: string): string {
  return text.replace(HIDDEN, codePoint);
}

/**
 * A value from the service as text: strings as they are, numbers and booleans written out, anything else (null,
 * objects, arrays) as '' so a malformed field shows as missing rather than as "[object Object]".
 */
export function asText(value: unknown): string {
  if (typeof value === 'string') return value;
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '';
  if (typeof value === 'boolean' || typeof value === 'bigint') return String(value);
  return '';
}

/**
 * The one way any value gets into the page's HTML, in text content and in (double-quoted) attribute values alike:
 * hidden characters made visible, then `& < > " '` as entities. Nothing a service sends can open a tag, close one,
 * leave an attribute or start an entity.
 */
export function escapeHtml(value: unknown): string {
  return showHidden(asText(value)).replace(/[&<>"']/g, c => HTML_ENTITIES[c]);
}

/** Service text for a plain-text surface outside the page (the editor tab's title): hidden characters shown, one line, bounded. */
export function plainLine(value: unknown, max = 60): string {
  const chars = [...showHidden(asText(value).replace(/[\r\n\t]+/g, ' ')).trim()];
  if (chars.length <= max) return chars.join('');
  const cut = chars.slice(0, max - 1).join('');
  // At a word's end when one is near, so the title does not stop mid-word.
  const space = cut.lastIndexOf(' ');
  return `${(space > cut.length * 0.6 ? cut.slice(0, space) : cut).trimEnd()}…`;
}
