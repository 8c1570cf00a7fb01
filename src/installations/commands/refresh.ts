import * as vscode from 'vscode';
import { finish, type Feature, type Outcome } from './shared';

export interface RefreshOptions {
  /** Also load the repositories of installations the user has not opened. */
  deep?: boolean;
}

/** Refetches what the view shows (cheap when unchanged: conditional requests answer 304). Never retries. */
export async function refresh(f: Feature, options?: RefreshOptions): Promise<Outcome> {
  // A token set just before may announce itself while this runs, and the reset drops what was loaded: load again.
  for (let attempt = 0; attempt < 3; attempt++) {
    const gen = f.model.generation;
    await once(f, options);
    if (gen === f.model.generation) break;
  }
  return finish(f, { done: true });
}

async function once(f: Feature, options?: RefreshOptions): Promise<void> {
  const work = (async () => {
    const [user, token] = await Promise.all([f.access.has('fine_grained'), f.access.has('installation')]);
    const jobs: Promise<void>[] = [];
    if (user) {
      const opened = f.model.loadedRepositoryIds();
      jobs.push(f.model.refreshInstallations().then(async () => {
        const ids = options?.deep ? (f.model.installations.value ?? []).map(i => i.id) : opened;
        await Promise.all(ids.map(id => f.model.refreshRepositories(id)));
      }));
    }
    if (token) jobs.push(f.model.refreshTokenRepositories());
    await Promise.all(jobs);
  })();
  f.provider.track(work);
  await work;
}

/** Opens an installation's settings page or a repository's page in the browser. */
export async function openOnWeb(arg?: unknown): Promise<void> {
  const url = webUrlOf(arg);
  if (url && /^https?:\/\//i.test(url)) await vscode.env.openExternal(vscode.Uri.parse(url, true));
}

function webUrlOf(arg: unknown): string | undefined {
  if (typeof arg !== 'object' || arg === null) return undefined;
  const a = arg as { installation?: { html_url?: unknown }; repository?: { html_url?: unknown } };
  const url = a.installation?.html_url ?? a.repository?.html_url;
  return typeof url === 'string' ? url : undefined;
}
