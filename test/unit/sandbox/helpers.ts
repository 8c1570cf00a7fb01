// Small typed builders for worlds, and a plain node:http client that shows exactly what the sandbox answered.
import * as http from 'node:http';
import { startSandbox } from '../../../src/sandbox';
import type { Sandbox, SandboxOptions, WorldFile, WorldTask, WorldToken } from '../../../src/sandbox';
import type { WorldAccessLevel } from '../../../src/sandbox/world';

export class WorldBuilder {
  private readonly w: Required<WorldFile> = {
    users: [],
    organizations: [],
    repositories: [],
    installations: [],
    tokens: [],
    tasks: [],
    attempt_sets: [],
  };
  private nextId = 100;
  /** Token values differ between builders, so a token of one world never works in another. */
  private readonly nonce = Math.random().toString(36).slice(2, 8);

  user(login: string, plan: string = 'business'): number {
    const id = ++this.nextId;
    this.w.users.push({ id, login, copilot_plan: plan });
    return id;
  }

  org(login: string, members: number[] = []): number {
    const id = ++this.nextId;
    this.w.organizations.push({ id, login, members });
    return id;
  }

  repo(owner: string, name: string, access: Record<number, WorldAccessLevel> = {}, isPrivate = true): number {
    const id = 5000 + this.w.repositories.length;
    this.w.repositories.push({
      id,
      owner,
      name,
      private: isPrivate,
      access: Object.fromEntries(Object.entries(access)),
    });
    return id;
  }

  installation(account: string, selection: 'all' | 'selected', repositories: number[] = []): number {
    const id = 70 + this.w.installations.length;
    this.w.installations.push({
      id,
      account,
      app_id: 3,
      app_slug: 'bot',
      repository_selection: selection,
      repositories,
      permissions: { contents: 'read' },
      events: ['push'],
    });
    return id;
  }

  fineGrained(
    user: number,
    permissions: Record<string, string> = { agent_tasks: 'write', metadata: 'read' },
    type: 'fine_grained' | 'app_user' = 'fine_grained',
  ): string {
    return this.token({ value: `fg_${this.nonce}_${this.w.tokens.length}`, type, user, permissions });
  }

  classic(user: number, scopes: string[] = ['repo']): string {
    return this.token({ value: `classic_${this.nonce}_${this.w.tokens.length}`, type: 'classic', user, scopes });
  }

  installationToken(installation: number): string {
    return this.token({ value: `inst_${this.nonce}_${this.w.tokens.length}`, type: 'installation', installation });
  }

  private token(t: WorldToken): string {
    this.w.tokens.push(t);
    return t.value;
  }

  task(repository: number, creator: number, over: Partial<WorldTask> = {}): string {
    const id = over.id ?? `t${String(this.w.tasks.length + 1).padStart(3, '0')}`;
    this.w.tasks.push({ repository, creator, prompt: `task ${id}`, state: 'queued', ...over, id });
    return id;
  }

  build(): WorldFile {
    return structuredClone(this.w);
  }
}

export interface Res {
  status: number;
  headers: http.IncomingHttpHeaders;
  text: string;
  // Tests read answers field by field and let the assertions say what is wrong.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  json<T = any>(): T;
}

export interface ReqOptions {
  token?: string;
  /** Sent as given; a `content-type` here replaces the default below. */
  headers?: Record<string, string>;
  body?: string | Buffer | object;
  /** Leave out the `content-type: application/json` sent with a body and on every control request. */
  noContentType?: boolean;
}

/** One request over a fresh connection; `path` is sent as is (no normalisation), so odd paths reach the server. */
export function request(base: string, method: string, path: string, o: ReqOptions = {}): Promise<Res> {
  const u = new URL(base);
  const body =
    o.body === undefined
      ? undefined
      : typeof o.body === 'string' || Buffer.isBuffer(o.body)
        ? o.body
        : JSON.stringify(o.body);
  // As the extension and the tests' other clients send it; the control endpoints refuse requests without it.
  const json = !o.noContentType && (body !== undefined || path.startsWith('/_sandbox/'));
  const headers: Record<string, string> = {
    ...(o.token ? { authorization: `Bearer ${o.token}` } : {}),
    ...(json ? { 'content-type': 'application/json' } : {}),
    ...o.headers,
  };
  if (body !== undefined) headers['content-length'] = String(Buffer.byteLength(body));
  return new Promise((resolve, reject) => {
    const req = http.request({ host: u.hostname, port: u.port, method, path, headers, agent: false }, res => {
      const chunks: Buffer[] = [];
      res.on('data', c => chunks.push(c));
      res.on('end', () => {
        const text = Buffer.concat(chunks).toString('utf8');
        resolve({ status: res.statusCode ?? 0, headers: res.headers, text, json: () => JSON.parse(text) });
      });
    });
    req.on('error', reject);
    req.end(body);
  });
}

/**
 * Starts a sandbox for the duration of a `describe`; `get()` returns it. Tasks stay still unless a test says
 * otherwise; git repositories are served only when a test asks (`git: 'git'`), as tests of them pay for git's work.
 */
export function useSandbox(
  world: () => WorldFile | undefined,
  opts: Omit<SandboxOptions, 'world'> = {},
): { get(): Sandbox; call: (method: string, path: string, o?: ReqOptions) => Promise<Res> } {
  let sb: Sandbox | undefined;
  beforeEach(async () => {
    sb = await startSandbox({ stepMs: 0, git: false, ...opts, world: world() });
  });
  afterEach(async () => {
    await sb?.close();
    sb = undefined;
  });
  return {
    get: () => sb!,
    call: (method, path, o) => request(sb!.url, method, path, o),
  };
}

export const TASK_FIELDS = [
  'id',
  'name',
  'creator',
  'creator_type',
  'owner',
  'repository',
  'state',
  'session_count',
  'artifacts',
  'archived_at',
  'created_at',
  'updated_at',
];
export const SESSION_FIELDS = [
  'id',
  'name',
  'user',
  'owner',
  'repository',
  'task_id',
  'state',
  'created_at',
  'updated_at',
  'completed_at',
  'prompt',
  'head_ref',
  'base_ref',
  'model',
];
export const UTC_Z = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/;
export const WITH_OFFSET = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}[+-]\d{2}:\d{2}$/;
