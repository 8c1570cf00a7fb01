// The sandbox agent's generated work: each commit is derived from the prompt and the branch's files through a seeded
// hash, so the same prompt on the same files gives the same changes on every machine and after every reset.
//   start: adds a function about the prompt's subject to an existing source file (or a new one) and a test of it;
//   step:  one more test case, or one more function in a source file;
//   final: a README section, and now and then a file moved to a `legacy/` folder or removed.
import { createHash } from 'node:crypto';
import * as path from 'node:path';
import type { FileOp } from './commits';
import {
  type SnippetSubject,
  append,
  helperBlock,
  langOf,
  readmeSection,
  sourceBlock,
  subjectOf,
  testCase,
  testFile,
  testPathFor,
} from './snippets';
import type { Tree } from './tree';

export type WorkKind = 'start' | 'step' | 'final';

export interface Work {
  message: string;
  ops: FileOp[];
}

const CODE = /\.(ts|tsx|mts|cts|js|jsx|mjs|cjs|py)$/;
const OTHER_CODE = /\.(go|rs|java|kt|rb|c|h|cc|cpp|cs|swift|php|sh)$/;
const MAX_EDIT = 256 * 1024;

const isTest = (p: string): boolean =>
  /(^|\/)(test|tests|__tests__|spec)\//.test(p) || /\.(test|spec)\.[^/]+$/.test(p) || /(^|\/)test_[^/]*\.py$/.test(p);
const isReadme = (p: string): boolean => /^readme(\.[a-z]+)?$/i.test(p);

/** A number below `n` from the seed and a label. */
function pick(seed: string, label: string, n: number): number {
  return createHash('sha256').update(`${seed}\0${label}`).digest().readUInt32BE(0) % n;
}

const text = (s: string): Buffer => Buffer.from(s, 'utf8');

/** The source files the agent may edit: code, not tests, not the repository's tooling, in the preferred languages. */
function sources(tree: Tree): string[] {
  const all = tree.paths().filter(p => !p.startsWith('.') && !p.includes('/.') && !isTest(p));
  const code = all.filter(p => CODE.test(p) && tree.mode(p) === '100644');
  return code.length > 0 ? code : all.filter(p => OTHER_CODE.test(p) && tree.mode(p) === '100644');
}

/** A file's text if it is text the agent may edit (not binary, not huge). */
async function editable(tree: Tree, p: string): Promise<string | undefined> {
  const data = await tree.read(p);
  if (!data || data.length > MAX_EDIT || data.includes(0)) return undefined;
  return data.toString('utf8');
}

/** Adds `block` to a chosen source file, or writes a new one when there is none it may edit. */
async function editSource(tree: Tree, seed: string, label: string, block: (p: string) => string) {
  const list = sources(tree);
  if (list.length > 0) {
    const p = list[pick(seed, label, list.length)];
    const old = await editable(tree, p);
    if (old !== undefined) return { path: p, op: { op: 'write', path: p, data: text(append(old, block(p))) } as const };
  }
  return undefined;
}

async function start(tree: Tree, s: SnippetSubject, seed: string): Promise<Work> {
  const ops: FileOp[] = [];
  let source: string;
  const edit = await editSource(tree, seed, 'source', p => sourceBlock(p, s));
  if (edit) {
    source = edit.path;
    ops.push(edit.op);
  } else {
    source = `src/${s.kebab}.ts`;
    for (let i = 2; tree.has(source); i++) source = `src/${s.kebab}-${i}.ts`;
    ops.push({ op: 'write', path: source, data: text(sourceBlock(source, s)) });
  }
  const test = testPathFor(source, s, tree.paths());
  const old = tree.has(test) ? await editable(tree, test) : undefined;
  if (!tree.has(test)) ops.push({ op: 'write', path: test, data: text(testFile(test, source, s)) });
  else if (old !== undefined)
    ops.push({ op: 'write', path: test, data: text(append(old, testCase(test, s, 1).join('\n'))) });
  return {
    message:
      `Add ${s.camel} to ${path.posix.basename(source)}\n\n${s.title}\n\n` +
      `Starts with ${source} and a test in ${test}.\n`,
    ops,
  };
}

async function step(tree: Tree, s: SnippetSubject, seed: string, n: number): Promise<Work> {
  const paths = tree.paths();
  const tests = paths.filter(p => isTest(p) && p.includes(langOf(p) === 'py' ? s.snake : s.kebab));
  if (tests.length > 0 && pick(seed, `step${n}`, 2) === 0) {
    const test = tests[0];
    const old = await editable(tree, test);
    if (old !== undefined)
      return {
        message: `Cover more cases of ${s.camel}\n\n${s.title}\n`,
        ops: [{ op: 'write', path: test, data: text(append(old, testCase(test, s, n).join('\n'))) }],
      };
  }
  const edit = await editSource(tree, seed, `helper${n}`, p => helperBlock(p, s, n));
  if (edit) return { message: `Check the input of ${s.camel} in ${edit.path}\n\n${s.title}\n`, ops: [edit.op] };
  const notes = `docs/${s.kebab}.md`;
  const old = (tree.has(notes) ? await editable(tree, notes) : undefined) ?? `# ${s.title}\n`;
  return {
    message: `Write down step ${n} of ${s.words.join(' ')}\n`,
    ops: [{ op: 'write', path: notes, data: text(append(old, `- Step ${n}: ${s.words.join(' ')} checked.\n`)) }],
  };
}

/** A file the final commit may move or remove: none of the agent's own, the README, or the repository's tooling. */
function reshapeCandidates(tree: Tree, s: SnippetSubject): string[] {
  return tree
    .paths()
    .filter(
      p =>
        !p.startsWith('.') &&
        !p.includes('/.') &&
        !isReadme(p) &&
        !isTest(p) &&
        !p.includes(s.kebab) &&
        !p.includes(s.snake) &&
        !/(^|\/)legacy\//.test(p) &&
        !/(^|\/)(package(-lock)?\.json|tsconfig[^/]*\.json|[^/]*\.lock)$/.test(p),
    );
}

async function final(tree: Tree, s: SnippetSubject, seed: string): Promise<Work> {
  const readme = tree.paths().find(isReadme) ?? 'README.md';
  const old = (await editable(tree, readme)) ?? '';
  const ops: FileOp[] = [{ op: 'write', path: readme, data: text(append(old, readmeSection(s))) }];
  let subject = `Document ${s.words.join(' ')} in ${readme}`;
  // Not a file the agent's work uses (its function is in it), so the work still holds together.
  const candidates = reshapeCandidates(tree, s);
  await tree.readMany(candidates);
  const list: string[] = [];
  for (const p of candidates) if (!(await tree.read(p))?.includes(s.camel)) list.push(p);
  const how = pick(seed, 'reshape', 4);
  if (list.length > 0 && how < 2) {
    const p = list[pick(seed, 'reshaped', list.length)];
    const dir = path.posix.dirname(p);
    const to = `${dir === '.' ? '' : `${dir}/`}legacy/${path.posix.basename(p)}`;
    if (how === 0 && !tree.has(to) && !tree.paths().some(q => q.startsWith(`${to}/`))) {
      ops.push({ op: 'rename', from: p, path: to });
      subject += ` and move ${p} to ${to}`;
    } else if (how === 1) {
      ops.push({ op: 'delete', path: p });
      subject += ` and remove ${p}`;
    }
  }
  return { message: `${subject}\n\n${s.title}\n`, ops };
}

/** The n-th commit of a task's generated work on the files of `tree` (which it does not change). */
export async function generatedWork(tree: Tree, prompt: string, name: string, n: number, kind: WorkKind) {
  const s = subjectOf(name);
  // The prompt, the commit's place and the files it starts from; never the task's id, which differs between runs.
  const seed = createHash('sha256')
    .update([prompt, String(n), kind, ...tree.paths()].join('\0'))
    .digest('hex');
  if (kind === 'start') return start(tree, s, seed);
  if (kind === 'step') return step(tree, s, seed, n);
  return final(tree, s, seed);
}
