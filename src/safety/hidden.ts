// Characters that are not seen but change what is read: two names that look the same can differ by one of them
// (`rocket`, and `ro` `cket` with a zero-width space between). Surfaces with no room to say so drop them; a page
// shows them. Pure: no `vscode`.

/**
 * Characters that change what a reader sees without being seen themselves: C0/C1 controls (tab and line feed
 * excepted), direction marks, embeddings, overrides and isolates, zero-width characters and joiners, the soft
 * hyphen, fillers, variation selectors, tag characters, and lone surrogates (not text at all).
 */
export const HIDDEN = new RegExp(
  // The class as escapes, a few groups a line.
  // eslint-disable-next-line no-misleading-character-class -- matching these very characters is the point
  '[' +
    '\\u0000-\\u0008\\u000B-\\u001F\\u007F-\\u009F' +
    '\\u00AD\\u034F\\u061C\\u115F\\u1160\\u17B4\\u17B5\\u180B-\\u180F' +
    '\\u200B-\\u200F\\u202A-\\u202E\\u2060-\\u206F' +
    '\\u3164\\uFE00-\\uFE0F\\uFEFF\\uFFA0\\uFFF9-\\uFFFB' +
    '\\uD800-\\uDFFF\\u{E0000}-\\u{E007F}' +
    ']',
  'gu',
);

/** The same class, for a yes-or-no test (a global regex keeps state between tests). */
// eslint-disable-next-line no-misleading-character-class -- the same characters as HIDDEN, on purpose
const ANY_HIDDEN = new RegExp(HIDDEN.source, 'u');

/** Pictures that a joiner or a variation selector makes into one emoji (👩‍💻, ❤️): there they are seen. */
const PICTURE = /\p{Extended_Pictographic}/u;
/** What may stand before a joiner inside an emoji: a picture, a skin tone, or the picture's presentation selector. */
const IN_EMOJI = /\p{Extended_Pictographic}|\p{Emoji_Modifier}|\uFE0F/u;
/**
 * Scripts whose letters a joiner or non-joiner visibly shapes (cursive joining, conjuncts): Persian writes words with
 * U+200C, Indic scripts choose conjuncts with U+200C and U+200D. Between two such letters they are seen.
 */
const JOINED = new RegExp(
  `[${['Arabic', 'Syriac', 'Nko', 'Mongolian', 'Devanagari', 'Bengali', 'Gurmukhi', 'Gujarati', 'Oriya', 'Tamil']
    .concat(['Telugu', 'Kannada', 'Malayalam', 'Sinhala', 'Myanmar', 'Khmer', 'Tibetan'])
    .map(s => `\\p{Script=${s}}`)
    .join('')}]`,
  'u',
);
const TAG = /^[\u{E0020}-\u{E007F}]$/u;

/** The last code point of `s` (a whole surrogate pair), or ''. */
function lastOf(s: string): string {
  const low = s.charCodeAt(s.length - 1);
  return low >= 0xdc00 && low <= 0xdfff && s.length >= 2 ? s.slice(-2) : s.slice(-1);
}

/** The code point that starts at `i`, or ''. */
function at(s: string, i: number): string {
  const cp = s.codePointAt(i);
  return cp === undefined ? '' : String.fromCodePoint(cp);
}

/**
 * Whether the hidden character `ch` is seen between `prev` (the last character kept) and `next`: it joins an emoji,
 * selects a picture's presentation, spells a flag, or shapes a joining script.
 */
function seenHere(ch: string, prev: string, next: string): boolean {
  switch (ch) {
    case '\u200D': // zero-width joiner
      return (IN_EMOJI.test(prev) && PICTURE.test(next)) || (JOINED.test(prev) && JOINED.test(next));
    case '\u200C': // zero-width non-joiner
      return JOINED.test(prev) && JOINED.test(next);
    case '\uFE0E':
    case '\uFE0F': // text or emoji presentation of the picture before it; a keycap's (1️⃣)
      return PICTURE.test(prev) || (/^[0-9#*]$/.test(prev) && next === '\u20E3');
    default:
      // Tags spell a subdivision's flag after a black flag (🏴 + tags: Scotland, Wales).
      return TAG.test(ch) && (prev === '\u{1F3F4}' || TAG.test(prev));
  }
}

/**
 * The text without the characters that are not seen: controls, direction marks and overrides, zero-width spaces,
 * joiners and no-break marks (U+200B, U+2060, U+FEFF…), the soft hyphen, fillers, stray variation selectors and tags.
 * Kept only where they are seen: inside an emoji (👩‍💻, ❤️, 🏴 flags) and between letters of a script they shape,
 * judged by what is kept before them (one dropped cannot make the next one look seen).
 */
export function dropHidden(s: string): string {
  if (!ANY_HIDDEN.test(s)) return s;
  let out = '';
  let from = 0;
  for (const m of s.matchAll(HIDDEN)) {
    const ch = m[0];
    out += s.slice(from, m.index);
    from = m.index + ch.length;
    if (seenHere(ch, lastOf(out), at(s, from))) out += ch;
  }
  return out + s.slice(from);
}

function codePoint(ch: string): string {
  const cp = ch.codePointAt(0) ?? 0;
  // A lone surrogate is no character: it is shown as the replacement character, as a decoder would.
  if (cp >= 0xd800 && cp <= 0xdfff) return '\uFFFD';
  return `\u27E8U+${cp.toString(16).toUpperCase().padStart(4, '0')}\u27E9`;
}

/**
 * Where there is room to say so (a page, a title of one), hidden characters are not dropped but shown as
 * ⟨U+202E⟩: a branch name that a direction override makes read as another is seen to be odd. Line breaks are
 * expected to be `\n` already; everything else is kept as it is.
 */
export function showHiddenChars(s: string): string {
  return s.replace(HIDDEN, codePoint);
}
