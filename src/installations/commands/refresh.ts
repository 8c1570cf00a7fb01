import { openAddress } from '../../openAddress';
import { withViewProgress } from '../installationsView';
import type { InstallationsEnv, Outcome } from './shared';

export interface RefreshOptions {
  /** Also load the repositories of installations the user has not opened. */
  deep?: boolean;
}

export function isRefreshOptions(o: unknown): o is RefreshOptions {
  return typeof o === 'object' && o !== null && 'deep' in o;
}

/** Refetches what the view shows (cheap when unchanged: conditional requests answer 304). Never retries. */
export async function refresh(env: InstallationsEnv, options?: RefreshOptions): Promise<Outcome> {
  // A token set just before may announce itself while this runs, and the reset drops what was loaded: load again.
  for (let attempt = 0; attempt < 3; attempt++) {
    const gen = env.model.generation;
    const work = once(env, options);
    withViewProgress(work);
    await work;
    if (gen === env.model.generation) break;
  }
  return { done: true };
}

async function once({ model }: InstallationsEnv, options?: RefreshOptions): Promise<void> {
  const [user, token] = await Promise.all([model.has('fine_grained'), model.has('installation')]);
  const jobs: Promise<void>[] = [];
  if (user) {
    const opened = model.loadedRepositoryIds();
    jobs.push(
      model.refreshInstallations().then(async () => {
        const ids = options?.deep ? (model.installations.value ?? []).map(i => i.id) : opened;
        await Promise.all(ids.map(id => model.refreshRepositories(id)));
      }),
    );
  }
  if (token) jobs.push(model.refreshTokenRepositories());
  await Promise.all(jobs);
}

/** Opens an installation's settings page or a repository's page in the browser. */
export async function openOnWeb(env: InstallationsEnv, arg?: unknown): Promise<void> {
  await openAddress(env.ui, webUrlOf(arg), env.serviceUrl());
}

function webUrlOf(arg: unknown): string | undefined {
  if (typeof arg !== 'object' || arg === null) return undefined;
  const a = arg as { installation?: { html_url?: unknown }; repository?: { html_url?: unknown } };
  const url = a.installation?.html_url ?? a.repository?.html_url;
  return typeof url === 'string' ? url : undefined;
}
