// What a prompt asks of the sandbox's agent, read from its words alone (no repository yet): the review comments of a
// feedback round, the files it names, the files it asks to remove or move, whether it asks for a test, and its words.
// Quoted text (fenced blocks: a selection, a comment's quote) is context, never a request.

/** A review comment of a feedback round: `N. path, line X:` or `N. path, lines X–Y:`, a fenced quote, the comment. */
export interface ReviewItem {
  n: number;
  path: string;
  /** 1-based, inclusive. */
  start: number;
  end: number;
  quote: string[];
  body: string;
}

export type Reshape = { op: 'delete'; path: string } | { op: 'rename'; path: string; to: string };

export interface Request {
  /** The review comments, in order; none for a prompt that is not a feedback round. */
  items: ReviewItem[];
  /** Paths and file names the prompt names outside quotes to work on, as written (at most 8). */
  named: string[];
  /** Files (or folders) the prompt asks to remove or move; a path `this file` of a comment is the comment's file. */
  reshapes: Reshape[];
  /** It mentions tests ("fix the flaky test"). */
  wantsTest: boolean;
  /** It asks for a new one ("add a test", "with tests"). */
  addsTest: boolean;
  /** Its lowercase words (no stop words, verbs or words under three letters), stemmed. */
  words: string[];
}

const ITEM = /^(\d+)\. (.+), [^\s,]+ (\d+)(?:\s*[\u2013-]\s*(\d+))?:\s*$/;
const FENCE = /^(`{3,}|~{3,})/;
const TEST_WORDS = /\b(tests?|testing|specs?|unit-?tests?)\b/i;
const ADDS_TEST = /\b(add|adds|adding|write|writes|with|include|includes|plus|and)\b[^.\n]{0,30}\b(tests?|specs?)\b/i;
/** A path or file name: segments of letters, digits, `_`, `-`, `.`, ending in an extension. */
const PATH_TOKEN = String.raw`(?:[\w.-]+\/)*[\w-][\w.-]*\.[A-Za-z0-9]+|(?:[\w.-]+\/)+`;
const QUOTED = String.raw`\x60([^\x60\n]+)\x60|"([^"\n]+)"`;
const TARGET = `(?:${QUOTED}|(${PATH_TOKEN}))`;
const NEGATED = /(?:\bnot|n't|\bnever|\bwithout|\bno)\s+(?:\w+\s+)?$/i;

const STOP = new Set(
  (
    'a an the to of for and or in on at with by from into that this it its is are be as so when all our my your ' +
    'new up not no please also then than there here them they should would could can will just only more less ' +
    'file files code line lines function each every same way src lib'
  ).split(' '),
);
export const VERBS = new Set(
  (
    'add fix make remove update refactor rename explain bump migrate profile review move tidy implement support ' +
    'write create improve handle use change clean document allow let ensure delete drop replace split extract ' +
    'introduce convert speed reduce avoid prevent check cover investigate debug show hide log retry upgrade'
  ).split(' '),
);

/** A word's stem, so "numbers" meets "number" and "retries" meets "retry". */
export function stem(w: string): string {
  if (w.length > 4 && w.endsWith('ies')) return `${w.slice(0, -3)}y`;
  if (w.length > 3 && w.endsWith('s') && !w.endsWith('ss')) w = w.slice(0, -1);
  const end = /(ing|er|ed)$/.exec(w);
  return end && w.length - end[1].length >= 4 ? w.slice(0, -end[1].length) : w;
}

/** Words that ask for tests; they do not say which file a prompt is about. */
export const TEST_STEMS = new Set(['test', 'spec', 'unit', 'testing']);

/** Lowercase words of a text, camelCase and snake_case split. */
export function wordsOf(text: string): string[] {
  return (
    text
      .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
      .toLowerCase()
      .match(/[a-z0-9]+/g) ?? []
  ).map(stem);
}

/** The lines outside fenced blocks, and the review items (a header line followed by a fenced quote). */
function split(lines: string[]): { prose: string[]; items: ReviewItem[] } {
  const prose: string[] = [];
  const items: ReviewItem[] = [];
  let current: { item: ReviewItem; body: string[] } | undefined;
  const close = () => {
    if (current) current.item.body = current.body.join('\n').trim();
    current = undefined;
  };
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i];
    const open = FENCE.exec(line);
    if (open) {
      const quote: string[] = [];
      let j = i + 1;
      const ch = open[1][0];
      for (; j < lines.length; j++) {
        const m = /^(`{3,}|~{3,})\s*$/.exec(lines[j]);
        if (m && m[1][0] === ch && m[1].length >= open[1].length) break;
        quote.push(lines[j]);
      }
      const header = i > 0 ? ITEM.exec(lines[i - 1]) : null;
      if (header && current?.body.length === 0 && current.item.quote.length === 0) current.item.quote = quote;
      i = j;
      continue;
    }
    const header = ITEM.exec(line);
    if (header && FENCE.test(lines[i + 1] ?? '')) {
      close();
      const start = Number(header[3]);
      const end = header[4] ? Number(header[4]) : start;
      const item: ReviewItem = { n: Number(header[1]), path: header[2].trim(), start, end, quote: [], body: '' };
      items.push(item);
      current = { item, body: [] };
      continue;
    }
    if (current) current.body.push(line);
    prose.push(line);
  }
  close();
  return { prose: items.length > 0 ? items.map(it => it.body) : prose, items };
}

const unquote = (m: RegExpExecArray, at: number): string => (m[at] ?? m[at + 1] ?? m[at + 2] ?? '').trim();

/** A file name as written: no leading `./`, no trailing punctuation. */
const tidy = (p: string): string => p.replace(/^\.\//, '').replace(/[.,;:]+$/, '');

/** What the text asks to remove or move; `self`: the file a review comment's "this file" means. */
function reshapesOf(text: string, self?: string): Reshape[] {
  const out: Reshape[] = [];
  const thisFile = String.raw`(?:this|the)\s+file`;
  const what = self ? `(?:${thisFile}|${TARGET})` : TARGET;
  const kind = String.raw`(?:the\s+)?(?:(?:file|folder|directory)\s+)?`;
  const remove = new RegExp(String.raw`\b(?:remove|delete|drop)\s+${kind}${what}`, 'gi');
  const move = new RegExp(String.raw`\b(?:move|rename)\s+${kind}${what}\s+(?:to|into|as)\s+${kind}${TARGET}`, 'gi');
  const negated = (m: RegExpExecArray) => NEGATED.test(text.slice(Math.max(0, m.index - 20), m.index));
  for (const m of text.matchAll(remove)) {
    if (negated(m)) continue;
    const p = unquote(m, 1) || self;
    if (p) out.push({ op: 'delete', path: tidy(p) });
  }
  for (const m of text.matchAll(move)) {
    if (negated(m)) continue;
    const p = unquote(m, 1) || self;
    const to = unquote(m, 4);
    if (p && to) out.push({ op: 'rename', path: tidy(p), to: tidy(to) });
  }
  return out;
}

/** The paths and file names a text names, backquoted, double-quoted or plain, as written. */
function namedIn(text: string): string[] {
  const out: string[] = [];
  for (const m of text.matchAll(new RegExp(TARGET, 'g'))) {
    const before = text[m.index - 1] ?? '';
    if (/[/:@\w]/.test(before)) continue;
    const p = tidy(unquote(m, 1));
    if (p && (p.includes('/') || /\.[A-Za-z0-9]+$/.test(p)) && !/^\d+(\.\d+)*$/.test(p) && !out.includes(p))
      out.push(p);
  }
  return out.slice(0, 8);
}

/** Reads a task's prompt. In a feedback round only the review comments count: the lines before them are a title. */
export function readRequest(prompt: string): Request {
  const lines = prompt.replace(/\[sandbox:[a-z_]+\]/g, '').split(/\r?\n/);
  const { prose, items } = split(lines);
  const text = prose.join('\n');
  const reshapes = items.length > 0 ? items.flatMap(it => reshapesOf(it.body, it.path)) : reshapesOf(text);
  // A file removed or moved is not one to edit.
  const reshaped = new Set(reshapes.flatMap(r => (r.op === 'rename' ? [r.path, r.to] : [r.path])));
  const words = [...new Set(wordsOf(text))].filter(
    w => w.length >= 3 && !STOP.has(w) && !VERBS.has(w) && !TEST_STEMS.has(w) && !/^\d+$/.test(w),
  );
  return {
    items,
    named: items.length > 0 ? [] : namedIn(text).filter(p => !reshaped.has(p)),
    reshapes,
    wantsTest: TEST_WORDS.test(text),
    addsTest: ADDS_TEST.test(text),
    words,
  };
}
