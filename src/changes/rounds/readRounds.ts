// Reads what the round ends are told from on the task's fetched refs (the first-parent line of the branch beyond its
// base, with committer times) and counts each round's files, as the Changes count them. Reads only: every command
// names commits, never a path. No `vscode`.
import type { GitRunner } from '../../git/gitRunner';
import type { LaterRound, RoundsInfo } from '../../model/changesView';
import { parseDiff } from '../parse';
import { filesBetween } from '../taskRefs';
import { roundEnds, type ChainCommit } from './roundEnds';
import type { RoundFactsFound } from './roundFacts';
import * as l10n from '@vscode/l10n';

/** The branch's first-parent line read at most this far back from its head. */
export const MAX_CHAIN = 2000;

/** The commits of `base..head` along the first parents, oldest first, with their committer times. */
export async function readChain(git: GitRunner, root: string, base: string, head: string): Promise<ChainCommit[]> {
  const out = await git.read({
    cwd: root,
    args: ['rev-list', '--first-parent', '--timestamp', `--max-count=${MAX_CHAIN}`, `${base}..${head}`, '--'],
  });
  const chain: ChainCommit[] = [];
  for (const line of out.split('\n')) {
    const m = /^(\d+) ([0-9a-f]{40,64})$/.exec(line.trim());
    if (m) chain.push({ sha: m[2], seconds: Number(m[1]) });
  }
  return chain.reverse();
}

async function isAncestor(git: GitRunner, root: string, a: string, b: string): Promise<boolean> {
  if (!/^[0-9a-f]{40,64}$/.test(a)) return false;
  return git.read({ cwd: root, args: ['merge-base', '--is-ancestor', a, b] }).then(
    () => true,
    () => false,
  );
}

const countFiles = async (git: GitRunner, root: string, range: string[]): Promise<number> =>
  parseDiff(await filesBetween(git, root, range)).length;

/** Whose work the changes of `found`'s task are, on the refs `base` and `head` (commit ids). */
export async function readRounds(
  git: GitRunner,
  root: string,
  tips: { base: string; head: string },
  found: RoundFactsFound,
): Promise<RoundsInfo> {
  const { rounds, index, notes } = found;
  const running = rounds.slice(index).find(r => r.running)?.name;
  const common = { earlier: index, notes, ...(running !== undefined ? { running } : {}) };
  const last = rounds.length - 1;
  if (index === last) return { shown: 'round', later: [], ...common };
  const chain = await readChain(git, root, tips.base, tips.head);
  const atBase = new Set<string>();
  for (const r of rounds)
    if (
      r.tipAtStart &&
      !chain.some(c => c.sha === r.tipAtStart) &&
      (await isAncestor(git, root, r.tipAtStart, tips.base))
    )
      atBase.add(r.tipAtStart);
  const ends = roundEnds(rounds, chain, atBase);
  const endOf = (i: number): string | undefined => {
    if (i < 0) return tips.base;
    if (i === last) return tips.head;
    const e = ends[i];
    return e.known ? (e.index < 0 ? tips.base : chain[e.index].sha) : undefined;
  };
  const later: LaterRound[] = [];
  for (let j = index + 1; j <= last; j++) {
    const r = rounds[j];
    const from = endOf(j - 1);
    const to = endOf(j);
    const files = from && to ? (from === to ? 0 : await countFiles(git, root, [from, to])) : undefined;
    const known = { ...(files !== undefined ? { files } : {}), ...(r.gone ? { gone: true } : {}) };
    later.push({ id: r.id, name: r.name, state: r.state, running: r.running, ...known });
  }
  const mine = ends[index];
  if (!mine.known) return { shown: 'branch', later, unknown: mine.why, ...common };
  const end = endOf(index)!;
  const endFiles = end === tips.base ? 0 : await countFiles(git, root, [`${tips.base}...${end}`]);
  return {
    shown: 'branch',
    later,
    end,
    how: mine.how,
    endFiles,
    ...(mine.doubt ? { doubt: mine.doubt } : {}),
    ...common,
  };
}

/** "“Round 2” (completed, 3 files)": a later round in words; `name` makes its name safe for the surface. */
export function laterInWords(r: LaterRound, state: (s: string) => string, name: (s: string) => string): string {
  const files =
    r.files === undefined
      ? l10n.t('files not known')
      : r.files === 1
        ? l10n.t('{0} file', r.files)
        : l10n.t('{0} files', r.files);
  const what = r.gone
    ? l10n.t('no longer on the service')
    : r.state
      ? state(r.state)
      : l10n.t('not read from the service');
  return l10n.t('“{0}” ({1}, {2})', name(r.name), what, files);
}
