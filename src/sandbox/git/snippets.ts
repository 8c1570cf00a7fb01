// What the sandbox's agent writes into a repository's files: a function about the prompt's subject, a test of it,
// a README section, in the language of the file it edits. Only the subject's ASCII words reach code; the task's name
// (the user's text) appears only inside comments and prose, cleaned of anything that would end them.
import * as path from 'node:path';
import { VERBS } from './request';

export interface SnippetSubject {
  /** The task's name, one line, safe inside a comment. */
  title: string;
  /** Lowercase ASCII words, e.g. ['health', 'check']. */
  words: string[];
  camel: string;
  snake: string;
  kebab: string;
}

const STOP = new Set(
  (
    'a an the to of for and or in on at with by from into that this it its is are be as so when all our my your ' +
    'new up'
  ).split(' '),
);

/** Text of one line, without control characters or anything that closes a comment or docstring. */
export function clean(text: string): string {
  const line = text
    .replace(/[^\P{Cc}]+/gu, ' ')
    .replace(/\*\//g, '* /')
    .replace(/"""/g, '" " "')
    .replace(/-->/g, '- ->')
    .trim();
  return line.length > 100 ? `${line.slice(0, 99)}…` : line;
}

/** The subject's words of a text: no leading verb, no stop words, at most three. */
function subjectWords(text: string): string[] {
  let words: string[] = [...(text.toLowerCase().match(/[a-z0-9]+/g) ?? [])];
  if (words.length > 1 && VERBS.has(words[0])) words = words.slice(1);
  words = words.filter(w => !STOP.has(w));
  // "with a test" asks for a test; it is not what the work is about.
  const about = words.filter(w => !/^(tests?|unit|specs?|testing)$/.test(w));
  return (about.length > 0 ? about : words).slice(0, 3);
}

export function subjectOf(name: string): SnippetSubject {
  // File names say where, not what: "Add a health check to src/main.ts" is about a health check.
  const withoutPaths = name.replace(/(?:[\w.-]+\/)*[\w-][\w.-]*\.[A-Za-z0-9]+|(?:[\w.-]+\/)+/g, ' ');
  let words = subjectWords(withoutPaths);
  if (words.length === 0) words = subjectWords(name);
  if (words.length === 0) words = ['change'];
  if (/^\d/.test(words[0])) words = ['v', ...words];
  const camel = words.map((w, i) => (i === 0 ? w : w[0].toUpperCase() + w.slice(1))).join('');
  return { title: clean(name) || 'Task', words, camel, snake: words.join('_'), kebab: words.join('-') };
}

export type Lang = 'ts' | 'js' | 'py' | 'other';

export function langOf(p: string): Lang {
  if (/\.(ts|tsx|mts|cts)$/.test(p)) return 'ts';
  if (/\.(js|jsx|mjs|cjs)$/.test(p)) return 'js';
  if (/\.py$/.test(p)) return 'py';
  return 'other';
}

const LINE_COMMENT: Array<[RegExp, string]> = [
  [/\.(sh|bash|rb|ya?ml|toml|r|pl|ps1|cfg|conf|ini)$/i, '#'],
  [/\.(sql|lua|hs)$/i, '--'],
];

function comment(p: string, lines: string[]): string {
  if (/\.(html?|xml|svg|vue|md)$/i.test(p)) return `<!--\n${lines.join('\n')}\n-->\n`;
  const mark = LINE_COMMENT.find(([re]) => re.test(p))?.[1] ?? '//';
  return lines.map(l => `${mark} ${l}`.trimEnd()).join('\n') + '\n';
}

/** Appends `block` after `text`, with one blank line between. */
export const append = (text: string, block: string): string =>
  text.length === 0 ? block : `${text.replace(/\n*$/, '\n')}\n${block}`;

/** The function the agent adds to a source file, about the subject. */
export function sourceBlock(p: string, s: SnippetSubject, style: 'a' | 'b' = 'a'): string {
  const said = s.words.join(' ');
  if (style === 'b') return sourceBlockB(p, s, said);
  switch (langOf(p)) {
    case 'ts':
      return [
        `/** ${s.title} */`,
        `export function ${s.camel}(input: string): string {`,
        `  return \`${said}: \${input.trim()}\`;`,
        '}',
        '',
      ].join('\n');
    case 'js':
      return [
        `/** ${s.title} */`,
        `export function ${s.camel}(input) {`,
        `  return \`${said}: \${String(input).trim()}\`;`,
        '}',
        '',
      ].join('\n');
    case 'py':
      return [
        `def ${s.snake}(value):`,
        `    """${s.title.replace(/["\\]/g, "'")}"""`,
        `    return f"${said}: {str(value).strip()}"`,
        '',
      ].join('\n');
    default:
      return comment(p, [`${said}: ${s.title}`, `TODO(${s.kebab}): follow up once the change has been reviewed.`]);
  }
}

/** The function as models of the second family write it (src/sandbox/git/models.ts): the empty input named. */
function sourceBlockB(p: string, s: SnippetSubject, said: string): string {
  switch (langOf(p)) {
    case 'ts':
    case 'js':
      return [
        `// ${s.title}`,
        `export const ${s.camel} = (input${langOf(p) === 'ts' ? ': string' : ''}) => {`,
        '  const text = String(input).trim();',
        `  return text === '' ? '${said}' : \`${said}: \${text}\`;`,
        '};',
        '',
      ].join('\n');
    case 'py':
      return [
        `def ${s.snake}(value):`,
        `    # ${s.title}`,
        '    text = str(value).strip()',
        `    return f"${said}: {text}" if text else "${said}"`,
        '',
      ].join('\n');
    default:
      return comment(p, [`${s.title}: ${said}`]);
  }
}

/** A further step on a source file: a check of the input, numbered by the commit that adds it. */
export function helperBlock(p: string, s: SnippetSubject, n: number): string {
  const name = `${s.camel}Accepts${n}`;
  switch (langOf(p)) {
    case 'ts':
      return [
        `/** Whether ${s.camel} has something to work on (step ${n}). */`,
        `export function ${name}(input: string): boolean {`,
        '  return input.trim().length > 0;',
        '}',
        '',
      ].join('\n');
    case 'js':
      return [`export function ${name}(input) {`, '  return String(input).trim().length > 0;', '}', ''].join('\n');
    case 'py':
      return [`def ${s.snake}_accepts_${n}(value):`, '    return len(str(value).strip()) > 0', ''].join('\n');
    default:
      return comment(p, [`${s.words.join(' ')}: step ${n} checks its input first.`]);
  }
}

/** Where the test of `source` goes, given the repository's paths (its own test folder when it has one). */
export function testPathFor(source: string, s: SnippetSubject, paths: string[]): string {
  const has = (dir: string): boolean => paths.some(p => p.startsWith(`${dir}/`));
  const lang = langOf(source);
  if (lang === 'py') return `${['tests', 'test'].find(has) ?? 'tests'}/test_${s.snake}.py`;
  const dir = ['test', 'tests', '__tests__'].find(has) ?? 'test';
  if (lang === 'ts') return `${dir}/${s.kebab}.test.ts`;
  if (lang === 'js') return `${dir}/${s.kebab}.test.mjs`;
  return `${dir}/${s.kebab}.md`;
}

function importPath(from: string, source: string, keepExt: boolean): string {
  const target = keepExt ? source : source.replace(/\.[^/.]+$/, '');
  const rel = path.posix.relative(path.posix.dirname(from), target);
  return rel.startsWith('.') ? rel : `./${rel}`;
}

/** The Python module a source file is imported as (`src/a/b.py` → `a.b`). */
const pyModule = (source: string): string =>
  source
    .replace(/\.py$/, '')
    .replace(/^src\//, '')
    .split('/')
    .join('.');

/** A new test file for the function `sourceBlock` added to `source`. */
export function testFile(testPath: string, source: string, s: SnippetSubject): string {
  const said = s.words.join(' ');
  const lang = langOf(source);
  if (lang === 'py') {
    const mod = pyModule(source);
    return [`from ${mod} import ${s.snake}`, '', '', ...testCase(testPath, s, 1)].join('\n');
  }
  if (lang === 'ts' || lang === 'js')
    return [
      "import assert from 'node:assert/strict';",
      "import { test } from 'node:test';",
      `import { ${s.camel} } from '${importPath(testPath, source, lang === 'js')}';`,
      '',
      ...testCase(testPath, s, 1),
    ].join('\n');
  return [`# Tests: ${s.title}`, '', `- [ ] ${said} in \`${source}\` gives the expected result`, ''].join('\n');
}

/** One more test case for the subject, numbered by the commit that adds it. */
export function testCase(testPath: string, s: SnippetSubject, n: number): string[] {
  const said = s.words.join(' ');
  if (/\.py$/.test(testPath))
    return [`def test_${s.snake}_${n}():`, `    assert ${s.snake}("  x ") == "${said}: x"`, ''];
  if (/\.(ts|mjs)$/.test(testPath))
    return [
      `test('${s.camel} trims its input (case ${n})', () => {`,
      `  assert.equal(${s.camel}('  x${n} '), '${said}: x${n}');`,
      '});',
      '',
    ];
  return [`- [ ] case ${n}: ${said} with surrounding spaces`, ''];
}

/** The README section that says what the task did. */
export function readmeSection(s: SnippetSubject, tested: boolean): string {
  return [`## ${s.title}`, '', `Adds \`${s.camel}\` (${s.words.join(' ')})${tested ? ', with tests' : ''}.`, ''].join(
    '\n',
  );
}

/** A section of a Markdown file the agent edits, about the subject. */
export function docBlock(s: SnippetSubject): string {
  return [`## ${s.title}`, '', `Notes on ${s.words.join(' ')}.`, ''].join('\n');
}

/** The end of a line that says `note` in the file's comment syntax; undefined where it has none (JSON, CSV). */
export function trailingNote(p: string, note: string): string | undefined {
  const said = clean(note);
  if (/\.(json|csv|tsv|lock|svg|png|jpe?g|gif|ico|pdf)$/i.test(p)) return undefined;
  if (/\.(html?|xml|vue|md|markdown)$/i.test(p)) return ` <!-- ${said} -->`;
  if (/\.(css)$/i.test(p)) return ` /* ${said} */`;
  if (/\.(py|sh|bash|rb|ya?ml|toml|r|pl|ps1|cfg|conf|ini)$/i.test(p) || /(^|\/)(Makefile|Dockerfile)$/.test(p))
    return ` # ${said}`;
  if (/\.(sql|lua|hs)$/i.test(p)) return ` -- ${said}`;
  if (/\.(txt|rst)$/i.test(p) || !/\.[^/]+$/.test(p)) return ` (${said})`;
  return ` // ${said}`;
}

/** The first function a source exports (or defines, in Python), which a test of it may call. */
export function exportedFunction(p: string, text: string): string | undefined {
  const m =
    langOf(p) === 'py'
      ? /^def ([A-Za-z_]\w*)\(/m.exec(text)
      : (/^export (?:async )?function\*? ?([A-Za-z_$][\w$]*)/m.exec(text) ??
        /^export const ([A-Za-z_$][\w$]*) = (?:async )?\(/m.exec(text));
  return m?.[1];
}

/** The functions an existing test file imports from the code it tests. */
export function importedFunction(text: string): string | undefined {
  const m =
    /^import \{\s*([A-Za-z_$][\w$]*)[^}]*\} from '\.{1,2}\//m.exec(text) ??
    /^from \S+ import ([A-Za-z_]\w*)/m.exec(text);
  return m?.[1];
}

/** A test case for a function the repository already has (that it is there and callable), numbered by its commit. */
export function existingTestCase(testPath: string, fn: string, s: SnippetSubject, n: number, text: string): string[] {
  if (/\.py$/.test(testPath)) return [`def test_${s.snake}_${n}():`, `    assert callable(${fn})`, ''];
  if (/\.(ts|tsx|mts|cts|js|mjs|cjs|jsx)$/.test(testPath)) {
    const check = /\bexpect\(/.test(text)
      ? `  expect(typeof ${fn}).toBe('function');`
      : `  assert.equal(typeof ${fn}, 'function');`;
    return [`test('${fn}: ${s.words.join(' ')} (case ${n})', () => {`, check, '});', ''];
  }
  return [`- [ ] case ${n}: ${s.words.join(' ')}`, ''];
}

/** A new test file for a function `source` already has. */
export function existingTestFile(testPath: string, source: string, fn: string, s: SnippetSubject): string {
  const lang = langOf(source);
  if (lang === 'py') {
    const mod = pyModule(source);
    return [`from ${mod} import ${fn}`, '', '', ...existingTestCase(testPath, fn, s, 1, '')].join('\n');
  }
  return [
    "import assert from 'node:assert/strict';",
    "import { test } from 'node:test';",
    `import { ${fn} } from '${importPath(testPath, source, lang === 'js')}';`,
    '',
    ...existingTestCase(testPath, fn, s, 1, ''),
  ].join('\n');
}
