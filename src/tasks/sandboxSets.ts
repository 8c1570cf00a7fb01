// A demo seeding, on a sandbox of this project only: the service has no notion of sets of attempts, but the sandbox's
// world may say which of its tasks were started as one (the demo world's finished set of three, docs/sandbox.md). When
// the service is such a sandbox, its GET /_sandbox/attempt-sets is read once per service (remembered in workspace
// state) and each set none of whose tasks this workspace already knows is written into AttemptSets, as if started
// here. Nothing of it is asked of any other service. No `vscode`.
import { STATE_KEYS } from '../ids';
import type { Log } from '../log';
import type { AttemptSets } from '../model/attemptSets';
import type { LinkMemento } from '../model/continuationLinks';

export interface SandboxSetsDeps {
  sets: Pick<AttemptSets, 'create' | 'noteStarted' | 'ofTask'>;
  state: LinkMemento;
  /** The service now: read only when it is on this machine and a sandbox of this project. */
  service: () => { kind: string; url: string; scope: string; local: boolean };
  /** Whether a loopback address answers as a sandbox of this project (src/service/addressCheck.ts). */
  isSandbox: (url: string) => Promise<boolean>;
  log: Log;
}

interface Told {
  repository: string;
  prompt: string;
  tasks: Array<{ id: string; model: string }>;
}

const running = new Map<string, Promise<number>>();

/** Learns the sandbox's sets once per service; how many sets were written down (0 when none, or not a sandbox). */
export function learnSandboxSets(d: SandboxSetsDeps): Promise<number> {
  const s = d.service();
  if (!s.local || !s.url || s.kind === 'none') return Promise.resolve(0);
  if ((d.state.get<string[]>(STATE_KEYS.sandboxSetsLearned) ?? []).includes(s.scope)) return Promise.resolve(0);
  let p = running.get(s.scope);
  if (!p) {
    p = learn(d, s).finally(() => running.delete(s.scope));
    running.set(s.scope, p);
  }
  return p;
}

async function learn(d: SandboxSetsDeps, s: { kind: string; url: string; scope: string }): Promise<number> {
  if (s.kind !== 'sandbox' && !(await d.isSandbox(s.url))) return 0;
  let told: Told[];
  try {
    const res = await fetch(`${s.url.replace(/\/+$/, '')}/_sandbox/attempt-sets`, {
      signal: AbortSignal.timeout(5000),
      redirect: 'error',
    });
    // An older sandbox has no sets to tell: nothing to learn, and nothing to ask again.
    told = res.status === 200 ? readTold(await res.json()) : [];
  } catch (e) {
    d.log.debug(`the sandbox's sets of attempts were not read: ${(e as Error).message}`);
    return 0;
  }
  let n = 0;
  for (const t of told) {
    if (t.tasks.some(a => d.sets.ofTask(a.id))) continue;
    const set = await d.sets.create(
      {
        repo: t.repository,
        prompt: t.prompt,
        base_ref: '',
        head_ref: '',
        create_pull_request: false,
        custom_agent: '',
      },
      t.tasks.map(a => a.model),
    );
    for (const [i, a] of t.tasks.entries()) await d.sets.noteStarted(set.id, i, a.id);
    n++;
  }
  const learned = d.state.get<string[]>(STATE_KEYS.sandboxSetsLearned) ?? [];
  await d.state.update(STATE_KEYS.sandboxSetsLearned, [...learned.filter(x => x !== s.scope), s.scope].slice(-20));
  if (n) d.log.info(`learned ${n} set(s) of attempts from the sandbox's world`);
  return n;
}

/** The answer's sets, each kept only when whole: a repository "owner/name", a prompt, 2 to 4 tasks with a model. */
function readTold(body: unknown): Told[] {
  const list = (body as { attempt_sets?: unknown } | null)?.attempt_sets;
  if (!Array.isArray(list)) return [];
  return list.flatMap((v: unknown): Told[] => {
    const s = v as Record<string, unknown> | null;
    if (!s || typeof s.repository !== 'string' || !/^[\w.-]+\/[\w.-]+$/.test(s.repository)) return [];
    if (typeof s.prompt !== 'string' || !Array.isArray(s.tasks) || s.tasks.length < 2 || s.tasks.length > 4) return [];
    const tasks = (s.tasks as unknown[]).flatMap(t => {
      const r = t as Record<string, unknown> | null;
      return r && typeof r.id === 'string' && r.id && typeof r.model === 'string' ? [{ id: r.id, model: r.model }] : [];
    });
    return tasks.length === s.tasks.length ? [{ repository: s.repository, prompt: s.prompt, tasks }] : [];
  });
}
