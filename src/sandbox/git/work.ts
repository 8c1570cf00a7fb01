// The sandbox agent's generated work: each commit is derived from the prompt and the branch's files (a seeded hash
// only breaks ties), so the same prompt on the same files gives the same changes on every machine and after every
// reset. The rules (docs/sandbox.md, "Generated work"):
//   a feedback round (review comments "N. path, line X:" with their quotes): changes the commented lines;
//   else: edits the files the prompt (or a selection quoted in it) names, else the file most related to its words,
//     else a new one; adds a test when it asks for one;
//   removes or moves a file only when the prompt asks ("remove X", "delete X", "move X to Y", "rename X to Y").
//   start: that work; step: one more test case or function beside it; final: a README section (a feedback round:
//   its notes marked as addressed).
//   The task's model (git/models.ts) changes how the function is written and may add a test or notes to the start.
import * as path from 'node:path';
import { createHash } from 'node:crypto';
import type { FileOp } from './commits';
import { type ModelWay, isPlain, wayOf } from './models';
import { isCode, isDoc, isReadme, isTest, editable, namedFiles, pick, relatedFile, reshapeOps } from './related';
import { type Request, readRequest } from './request';
import { gist, reviewEdits } from './review';
import {
  type SnippetSubject,
  append,
  docBlock,
  existingTestCase,
  existingTestFile,
  exportedFunction,
  helperBlock,
  importedFunction,
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

const text = (s: string): Buffer => Buffer.from(s, 'utf8');
const base = (p: string): string => path.posix.basename(p);
const write = (p: string, s: string): FileOp => ({ op: 'write', path: p, data: text(s) });
/** Whether `ops` already write `p` (a second write would undo the first). */
const writes = (ops: FileOp[], p: string): boolean => ops.some(o => o.op !== 'delete' && o.path === p);

/** A new file's place: beside the repository's sources, in their language. */
function newSource(tree: Tree, s: SnippetSubject): string {
  const code = tree.paths().filter(p => isCode(p) && !isTest(p) && !p.startsWith('.') && !p.includes('/.'));
  const ext = code.some(p => /\.tsx?$/.test(p)) || code.length === 0 ? 'ts' : path.posix.extname(code[0]).slice(1);
  const dir = code.some(p => p.startsWith('src/')) || code.length === 0 ? 'src' : path.posix.dirname(code[0]);
  const at = (i: number) => `${dir === '.' ? '' : `${dir}/`}${s.kebab}${i > 1 ? `-${i}` : ''}.${ext}`;
  let i = 1;
  while (tree.has(at(i))) i++;
  return at(i);
}

/** The test of a function `source` has: a case more in its test file, or a new test file. */
async function testOf(tree: Tree, source: string, fn: string, s: SnippetSubject, n: number, added: boolean) {
  const test = testPathFor(source, s, tree.paths());
  if (!tree.has(test)) return write(test, added ? testFile(test, source, s) : existingTestFile(test, source, fn, s));
  const old = await editable(tree, test);
  if (old === undefined) return undefined;
  const body = added ? testCase(test, s, n) : existingTestCase(test, importedFunction(old) ?? fn, s, n, old);
  return write(test, append(old, body.join('\n')));
}

/** The work a prompt that is not a feedback round asks for, on the files it means. */
async function start(tree: Tree, req: Request, s: SnippetSubject, seed: string, way: ModelWay): Promise<Work> {
  const { ops, said, gone } = reshapeOps(tree, req.reshapes);
  const named = namedFiles(tree, req, gone);
  let targets = named.edit;
  const create = [...named.create];
  if (targets.length === 0 && create.length === 0 && ops.length === 0) {
    const related = await relatedFile(tree, req, seed);
    if (related) targets = [related];
    else create.push(newSource(tree, s));
  }
  const edited: string[] = [];
  let tested: string | undefined;
  let source: string | undefined;
  for (const p of targets) {
    const at = gone.get(p) ?? p;
    const old = await editable(tree, p);
    if (old === undefined || /\.json$/i.test(p)) continue;
    if (isTest(p)) {
      const fn = importedFunction(old) ?? exportedFunction(p, old) ?? s.camel;
      ops.push(write(at, append(old, existingTestCase(p, fn, s, 1, old).join('\n'))));
      tested = at;
    } else {
      ops.push(write(at, append(old, isDoc(p) ? docBlock(s) : sourceBlock(p, s, way.style))));
      if (!isDoc(p)) source ??= at;
    }
    edited.push(at);
  }
  for (const p of create) {
    ops.push(write(p, isDoc(p) ? `# ${s.title}\n\nNotes on ${s.words.join(' ')}.\n` : sourceBlock(p, s, way.style)));
    if (!isDoc(p)) source ??= p;
    edited.push(p);
  }
  if ((req.wantsTest || way.test) && !tested && source) {
    const op = await testOf(tree, source, s.camel, s, 1, true);
    if (op && !writes(ops, op.path)) {
      ops.push(op);
      tested = op.path;
    }
  }
  const notes = `docs/${s.kebab}.md`;
  if (way.notes && !writes(ops, notes)) {
    const old = tree.has(notes) ? await editable(tree, notes) : `# ${s.title}\n`;
    if (old !== undefined) {
      ops.push(write(notes, append(old, `What was done about ${s.words.join(' ')}, and what is left.\n`)));
      edited.push(notes);
    }
  }
  const subject = source
    ? `Add ${s.camel} to ${base(source)}`
    : said.length > 0
      ? said[0][0].toUpperCase() + said[0].slice(1)
      : `Work on ${edited.map(base).join(', ') || s.words.join(' ')}`;
  const lines = [
    edited.length > 0 ? `Changes ${edited.join(', ')}.` : '',
    tested && !edited.includes(tested) ? `Tests it in ${tested}.` : '',
    said.length > 0 ? `Asked to ${said.join('; ')}.` : '',
  ].filter(Boolean);
  return { message: `${subject}\n\n${s.title}\n\n${lines.join('\n')}\n`, ops };
}

/** A feedback round's first commit: the commented lines changed, and what its comments ask to remove or move. */
async function answer(tree: Tree, req: Request, s: SnippetSubject, done: boolean): Promise<Work> {
  const { ops, said, gone } = done
    ? { ops: [] as FileOp[], said: [] as string[], gone: new Map<string, string | null>() }
    : reshapeOps(tree, req.reshapes);
  const edits = await reviewEdits(tree, req.items, done, p => editable(tree, p));
  const lines: string[] = [];
  for (const [p, e] of edits) {
    const to = gone.get(p);
    if (to === null) continue;
    ops.push(write(to ?? p, e.text));
    for (const it of e.items) lines.push(`${it.n}. ${to ?? p}: ${gist(it.body)}`);
  }
  if (!done && req.wantsTest) {
    const code = [...edits.keys()].find(p => !isTest(p) && isCode(p) && gone.get(p) !== null);
    const old = code ? edits.get(code)!.text : undefined;
    const fn = code && old ? exportedFunction(code, old) : undefined;
    if (code && fn) {
      const op = await testOf(tree, gone.get(code) ?? code, fn, subjectOf(base(code).replace(/\..*$/, '')), 1, false);
      if (op && !writes(ops, op.path)) {
        ops.push(op);
        lines.push(`Tests ${fn} in ${op.path}.`);
      }
    }
  }
  if (said.length > 0) lines.push(`Asked to ${said.join('; ')}.`);
  const files = [...new Set(req.items.map(it => it.path))];
  const subject = done
    ? 'Mark the review comments as addressed'
    : `Address the review comments on ${files.map(base).join(', ')}`;
  return { message: `${subject}\n\n${s.title}\n\n${lines.join('\n')}\n`, ops };
}

/** A further step: a test case more, or a function more in the file that holds the task's function. */
async function step(tree: Tree, req: Request, s: SnippetSubject, seed: string, n: number): Promise<Work> {
  const paths = tree.paths();
  const tests = paths.filter(p => isTest(p) && p.includes(langOf(p) === 'py' ? s.snake : s.kebab));
  if (req.wantsTest && tests.length > 0 && pick(seed, `step${n}`, 2) === 0) {
    const old = await editable(tree, tests[0]);
    if (old !== undefined)
      return {
        message: `Cover more cases of ${s.camel}\n\n${s.title}\n`,
        ops: [write(tests[0], append(old, testCase(tests[0], s, n).join('\n')))],
      };
  }
  const sources = paths.filter(p => isCode(p) && !isTest(p) && !p.startsWith('.') && !p.includes('/.'));
  await tree.readMany(sources);
  for (const p of sources) {
    const old = await editable(tree, p);
    if (old !== undefined && new RegExp(`\\b${s.camel}\\b|\\b${s.snake}\\b`).test(old))
      return {
        message: `Check the input of ${s.camel} in ${p}\n\n${s.title}\n`,
        ops: [write(p, append(old, helperBlock(p, s, n)))],
      };
  }
  const notes = `docs/${s.kebab}.md`;
  const old = (tree.has(notes) ? await editable(tree, notes) : undefined) ?? `# ${s.title}\n`;
  return {
    message: `Write down step ${n} of ${s.words.join(' ')}\n`,
    ops: [write(notes, append(old, `- Step ${n}: ${s.words.join(' ')} checked.\n`))],
  };
}

async function final(tree: Tree, req: Request, s: SnippetSubject): Promise<Work> {
  const readme = tree.paths().find(isReadme) ?? 'README.md';
  const old = (await editable(tree, readme)) ?? '';
  const asked = req.reshapes.map(r =>
    r.op === 'delete' ? `Removes \`${r.path}\`.` : `Moves \`${r.path}\` to \`${r.to}\`.`,
  );
  const only = asked.length > 0 && req.named.length === 0;
  const section = only ? [`## ${s.title}`, '', ...asked, ''].join('\n') : readmeSection(s, req.wantsTest);
  const first = req.reshapes[0];
  const subject = only
    ? `Note the ${first.op === 'delete' ? 'removal' : 'move'} of ${first.path} in ${readme}`
    : `Document ${s.words.join(' ')} in ${readme}`;
  return {
    message: `${subject}\n\n${s.title}\n`,
    ops: [write(readme, append(old, section))],
  };
}

/**
 * The n-th commit of a task's generated work on the files of `tree` (which it does not change), by `model` (the
 * default one when not given).
 */
export async function generatedWork(
  tree: Tree,
  prompt: string,
  name: string,
  n: number,
  kind: WorkKind,
  model?: string,
) {
  const s = subjectOf(name);
  const req = readRequest(prompt);
  // The prompt, the commit's place and the files it starts from (and a model other than the default one); never the
  // task's id, which differs between runs.
  const seed = createHash('sha256')
    .update([prompt, String(n), kind, ...tree.paths(), ...(isPlain(model) ? [] : [`model:${model}`])].join('\0'))
    .digest('hex');
  if (req.items.length > 0 && kind !== 'step') {
    const w = await answer(tree, req, s, kind === 'final');
    if (w.ops.length > 0) return w;
  }
  if (kind === 'start') return start(tree, req, s, seed, wayOf(model));
  if (kind === 'step') return step(tree, req, s, seed, n);
  return final(tree, req, s);
}
