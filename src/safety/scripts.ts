// Which writing systems a name's letters come from. `acme/rocket` and `acme/rоcket` (its `о` Cyrillic) read the same:
// a name that mixes scripts as no language writes one is how such a look-alike is made, so the surfaces that show
// it say so. The rule is Unicode's "highly restrictive" one (UTS #39): one script, or Latin with Han and the Japanese
// kana, with Han and Bopomofo, or with Han and Hangul. Digits and punctuation (script Common) and combining marks
// (Inherited) count for none. Pure: no `vscode`.

/** Scripts told apart by name; a letter of any other counts as one more script of its own kind. */
const SCRIPTS = [
  'Latin',
  'Cyrillic',
  'Greek',
  'Armenian',
  'Georgian',
  'Cherokee',
  'Hebrew',
  'Arabic',
  'Syriac',
  'Thaana',
  'Nko',
  'Devanagari',
  'Bengali',
  'Gurmukhi',
  'Gujarati',
  'Oriya',
  'Tamil',
  'Telugu',
  'Kannada',
  'Malayalam',
  'Sinhala',
  'Thai',
  'Lao',
  'Tibetan',
  'Myanmar',
  'Khmer',
  'Mongolian',
  'Ethiopic',
  'Canadian_Aboriginal',
  'Tifinagh',
  'Coptic',
  'Runic',
  'Ogham',
  'Lisu',
  'Vai',
  'Han',
  'Hiragana',
  'Katakana',
  'Hangul',
  'Bopomofo',
] as const;

const PATTERNS = SCRIPTS.map(name => [name, new RegExp(`\\p{Script=${name}}`, 'u')] as const);
const NEUTRAL = /[\p{Script=Common}\p{Script=Inherited}]/u;
/** The combinations a language writes with (UTS #39, highly restrictive). */
const WRITTEN_TOGETHER: ReadonlyArray<ReadonlySet<string>> = [
  new Set(['Latin', 'Han', 'Hiragana', 'Katakana']),
  new Set(['Latin', 'Han', 'Bopomofo']),
  new Set(['Latin', 'Han', 'Hangul']),
];

function scriptOf(ch: string): string | undefined {
  if (NEUTRAL.test(ch)) return undefined;
  for (const [name, pattern] of PATTERNS) if (pattern.test(ch)) return name;
  return 'another script';
}

/**
 * The scripts of `text`'s letters when they are mixed as no language mixes them (`["Latin", "Cyrillic"]` for
 * `rоcket`), else undefined. ASCII takes one test.
 */
export function mixedScripts(text: string): string[] | undefined {
  // eslint-disable-next-line no-control-regex -- ASCII, whatever it holds, is Latin letters and neutral characters
  if (/^[\u0000-\u007F]*$/.test(text)) return undefined;
  const found = new Set<string>();
  for (const ch of text) {
    const script = scriptOf(ch);
    if (script) found.add(script);
  }
  if (found.size < 2) return undefined;
  if (WRITTEN_TOGETHER.some(allowed => [...found].every(s => allowed.has(s)))) return undefined;
  return [...found];
}
