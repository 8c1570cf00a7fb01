// The imports of src, read from the sources (type-only imports included): each file's imports of other files, and the
// loops a walk finds. Used by the file-level and folder-level checks.
import * as fs from 'node:fs';
import * as path from 'node:path';
import { ROOT } from '../../support/vsix';

export const SRC = path.join(ROOT, 'src');
// `import … from './x'`, `export … from './x'`, `import('./x')`, `import './x'`: relative specifiers, and `#env`.
const SPECIFIER = /(?:\bfrom\s*|\bimport\s*\(\s*|\bimport\s+)['"](\.{1,2}\/[^'"]+|#env)['"]/g;
/** `#env` is one side of the seam or the other, as the build chooses (scripts/build.mjs): an import of both. */
const ENV_SIDES = ['node', 'browser'].map(side => path.join(SRC, 'env', side, 'index.ts'));

export function sources(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap(e => {
    const p = path.join(dir, e.name);
    return e.isDirectory() ? sources(p) : /\.tsx?$/.test(e.name) && !e.name.endsWith('.d.ts') ? [p] : [];
  });
}

function resolve(from: string, spec: string): string | undefined {
  const base = path.resolve(path.dirname(from), spec.replace(/\.js$/, ''));
  return [`${base}.ts`, `${base}.tsx`, path.join(base, 'index.ts')].find(f => fs.existsSync(f));
}

/** Each file's imports of other files in src. */
export function importGraph(files: string[]): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  for (const f of files) {
    const text = fs.readFileSync(f, 'utf8').replace(/\/\*[\s\S]*?\*\/|^\s*\/\/.*$/gm, '');
    const to = [...text.matchAll(SPECIFIER)]
      .flatMap(m => (m[1] === '#env' ? ENV_SIDES : [resolve(f, m[1])]))
      .filter((t): t is string => !!t);
    graph.set(f, [...new Set(to)]);
  }
  return graph;
}

/** Every cycle found by a depth-first walk, each as the files around it (one per strongly connected part met). */
export function cyclesOf(graph: Map<string, string[]>): string[][] {
  const state = new Map<string, 'open' | 'done'>();
  const stack: string[] = [];
  const found: string[][] = [];
  const visit = (f: string): void => {
    state.set(f, 'open');
    stack.push(f);
    for (const t of graph.get(f) ?? []) {
      if (state.get(t) === 'open') found.push([...stack.slice(stack.indexOf(t)), t]);
      else if (!state.has(t)) visit(t);
    }
    stack.pop();
    state.set(f, 'done');
  };
  for (const f of graph.keys()) if (!state.has(f)) visit(f);
  return found;
}
