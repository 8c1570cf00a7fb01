// Checks a world file entry by entry, so that a typo is reported with the entry it sits in.
import { TASK_STATES } from '../api/types';
import { isBranchName } from './git/commits';
import { TASK_ENDS, WorldError } from './world';
import { checkAttemptSets } from './world-sets';
import type { WorldFile } from './world';
import { PATH_RULE, checkCommits, isFilePath } from './world-commits';

const LEVELS = ['read', 'write', 'admin'];
const TOKEN_TYPES = ['fine_grained', 'app_user', 'classic', 'installation'];
const LOGIN = /^[A-Za-z0-9](?:[A-Za-z0-9-]{0,38})$/;
const REPO_NAME = /^[A-Za-z0-9._-]{1,100}$/;
// Timestamps: ISO 8601 with a zone, as every timestamp the service hands out has one.
const TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d+)?(?:Z|[+-]\d{2}:\d{2})$/;

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);
const isId = (v: unknown): v is number => typeof v === 'number' && Number.isSafeInteger(v) && v > 0;

export function isTimestamp(v: unknown): v is string {
  return typeof v === 'string' && TIMESTAMP.test(v) && !Number.isNaN(Date.parse(v));
}

class Checker {
  constructor(readonly where: string) {}
  fail(msg: string): never {
    throw new WorldError(`${this.where}: ${msg}`);
  }
  id(o: Obj, key: string): number {
    if (!isId(o[key])) this.fail(`"${key}" must be a positive integer`);
    return o[key];
  }
  str(o: Obj, key: string, optional = false): void {
    if (optional && o[key] === undefined) return;
    if (typeof o[key] !== 'string' || o[key].length === 0) this.fail(`"${key}" must be a non-empty string`);
  }
  bool(o: Obj, key: string): void {
    if (o[key] !== undefined && typeof o[key] !== 'boolean') this.fail(`"${key}" must be true or false`);
  }
  time(o: Obj, key: string, nullable = false): void {
    const v = o[key];
    if (v === undefined || (nullable && v === null)) return;
    if (!isTimestamp(v)) this.fail(`"${key}" must be an ISO 8601 timestamp with a zone, got ${JSON.stringify(v)}`);
  }
  strings(o: Obj, key: string): void {
    const v = o[key];
    if (v !== undefined && !(Array.isArray(v) && v.every(s => typeof s === 'string')))
      this.fail(`"${key}" must be an array of strings`);
  }
  stringMap(o: Obj, key: string): void {
    const v = o[key];
    if (v !== undefined && !(isObj(v) && Object.values(v).every(s => typeof s === 'string')))
      this.fail(`"${key}" must be an object of strings`);
  }
}

function list(world: Obj, key: string, required: boolean): Obj[] {
  const v = world[key];
  if (v === undefined && !required) return [];
  if (!Array.isArray(v)) throw new WorldError(`"${key}" must be an array`);
  v.forEach((e, i) => {
    if (!isObj(e)) throw new WorldError(`${key}[${i}]: must be an object`);
  });
  return v as Obj[];
}

function unique<T>(seen: Set<T>, v: T, c: Checker, what: string): void {
  if (seen.has(v)) c.fail(`duplicate ${what} ${JSON.stringify(v)}`);
  seen.add(v);
}

function checkGit(c: Checker, git: unknown): void {
  if (!isObj(git)) c.fail('"git" must be an object such as {"files": {"README.md": "# svc\\n"}}');
  if (git.files === undefined) return;
  if (!isObj(git.files)) c.fail('"git.files" must map file paths to their text');
  for (const [p, text] of Object.entries(git.files)) {
    if (!isFilePath(p)) c.fail(`"git.files" path ${JSON.stringify(p)} ${PATH_RULE}`);
    if (typeof text !== 'string') c.fail(`"git.files" ${JSON.stringify(p)} must be a string`);
  }
}

/** Checks a parsed world file and returns it typed; throws WorldError naming the first bad entry. */
export function validateWorld(input: unknown): WorldFile {
  if (!isObj(input)) throw new WorldError('the world must be a JSON object');
  const users = list(input, 'users', true);
  const orgs = list(input, 'organizations', false);
  const repos = list(input, 'repositories', true);
  const insts = list(input, 'installations', false);
  const tokens = list(input, 'tokens', true);
  const tasks = list(input, 'tasks', false);

  const userIds = new Set<number>();
  const logins = new Map<string, 'user' | 'org'>();
  const ids = new Set<number>();
  users.forEach((u, i) => {
    const c: Checker = new Checker(`users[${i}]${typeof u.login === 'string' ? ` (${u.login})` : ''}`);
    unique(ids, c.id(u, 'id'), c, 'account id');
    userIds.add(u.id as number);
    c.str(u, 'login');
    if (!LOGIN.test(u.login as string)) c.fail(`"login" ${JSON.stringify(u.login)} is not a valid login`);
    if (logins.has((u.login as string).toLowerCase())) c.fail(`duplicate login ${JSON.stringify(u.login)}`);
    logins.set((u.login as string).toLowerCase(), 'user');
    c.str(u, 'copilot_plan', true);
  });
  orgs.forEach((o, i) => {
    const c: Checker = new Checker(`organizations[${i}]${typeof o.login === 'string' ? ` (${o.login})` : ''}`);
    unique(ids, c.id(o, 'id'), c, 'account id');
    c.str(o, 'login');
    if (!LOGIN.test(o.login as string)) c.fail(`"login" ${JSON.stringify(o.login)} is not a valid login`);
    if (logins.has((o.login as string).toLowerCase())) c.fail(`duplicate login ${JSON.stringify(o.login)}`);
    logins.set((o.login as string).toLowerCase(), 'org');
    if (o.members !== undefined) {
      if (!Array.isArray(o.members)) c.fail('"members" must be an array of user ids');
      for (const m of o.members) if (!userIds.has(m as number)) c.fail(`member ${JSON.stringify(m)} is not a user id`);
    }
    if (o.default_permission !== undefined && ![...LEVELS, 'none'].includes(o.default_permission as string)) {
      c.fail('"default_permission" must be none, read, write or admin');
    }
  });
  const repoIds = new Set<number>();
  const fullNames = new Set<string>();
  const repoOwner = new Map<number, string>();
  // Served repositories: their default branch and the files of its first commit.
  const served = new Map<number, { branch: string; files: Set<string> }>();
  repos.forEach((r, i) => {
    const c: Checker = new Checker(
      `repositories[${i}]${typeof r.owner === 'string' && typeof r.name === 'string' ? ` (${r.owner}/${r.name})` : ''}`,
    );
    unique(repoIds, c.id(r, 'id'), c, 'repository id');
    c.str(r, 'owner');
    c.str(r, 'name');
    if (!logins.has((r.owner as string).toLowerCase()))
      c.fail(`owner ${JSON.stringify(r.owner)} is neither a user nor an organization`);
    if (!REPO_NAME.test(r.name as string) || r.name === '.' || r.name === '..')
      c.fail(`"name" ${JSON.stringify(r.name)} is not a valid repository name`);
    unique(fullNames, `${String(r.owner)}/${String(r.name)}`.toLowerCase(), c, 'repository');
    repoOwner.set(r.id as number, (r.owner as string).toLowerCase());
    c.bool(r, 'private');
    if (r.access !== undefined) {
      if (!isObj(r.access)) c.fail('"access" must map user ids to read, write or admin');
      for (const [k, v] of Object.entries(r.access)) {
        if (!/^\d+$/.test(k) || !userIds.has(Number(k))) c.fail(`access key ${JSON.stringify(k)} is not a user id`);
        if (!LEVELS.includes(v as string))
          c.fail(`access of user ${k} must be read, write or admin, got ${JSON.stringify(v)}`);
      }
    }
    if (r.description !== undefined && r.description !== null && typeof r.description !== 'string')
      c.fail('"description" must be a string or null');
    c.str(r, 'default_branch', true);
    c.strings(r, 'topics');
    c.stringMap(r, 'custom_properties');
    c.time(r, 'created_at');
    if (r.git !== undefined) {
      checkGit(c, r.git);
      const files = Object.keys((r.git as { files?: Obj }).files ?? {});
      served.set(r.id as number, {
        branch: (r.default_branch as string | undefined) ?? 'main',
        files: new Set(files.length > 0 ? files : ['README.md']),
      });
    }
  });
  const instIds = new Set<number>();
  insts.forEach((s, i) => {
    const c: Checker = new Checker(`installations[${i}]${isId(s.id) ? ` (${s.id})` : ''}`);
    unique(instIds, c.id(s, 'id'), c, 'installation id');
    c.str(s, 'account');
    if (!logins.has((s.account as string).toLowerCase()))
      c.fail(`account ${JSON.stringify(s.account)} is neither a user nor an organization`);
    c.id(s, 'app_id');
    c.str(s, 'app_slug');
    if (s.repository_selection !== 'all' && s.repository_selection !== 'selected')
      c.fail('"repository_selection" must be "all" or "selected"');
    if (s.repositories !== undefined && !Array.isArray(s.repositories))
      c.fail('"repositories" must be an array of repository ids');
    for (const id of (s.repositories as unknown[] | undefined) ?? []) {
      if (!repoIds.has(id as number)) c.fail(`repository ${JSON.stringify(id)} is not a repository id`);
      if (repoOwner.get(id as number) !== (s.account as string).toLowerCase())
        c.fail(`repository ${String(id)} does not belong to ${String(s.account)}`);
    }
    c.stringMap(s, 'permissions');
    c.strings(s, 'events');
    c.time(s, 'created_at');
    c.time(s, 'updated_at');
  });
  const values = new Set<string>();
  tokens.forEach((t, i) => {
    const c: Checker = new Checker(`tokens[${i}]`);
    c.str(t, 'value');
    if (!/^[\x21-\x7e]{1,255}$/.test(t.value as string)) c.fail('"value" must be 1 to 255 visible ASCII characters');
    unique(values, t.value as string, c, 'token value');
    if (!TOKEN_TYPES.includes(t.type as string)) c.fail(`"type" must be one of ${TOKEN_TYPES.join(', ')}`);
    if (t.type === 'installation') {
      if (!instIds.has(c.id(t, 'installation'))) c.fail(`installation ${String(t.installation)} does not exist`);
    } else {
      if (!userIds.has(c.id(t, 'user'))) c.fail(`user ${String(t.user)} does not exist`);
    }
    if (t.type === 'classic') c.strings(t, 'scopes');
    if (t.type === 'fine_grained' || t.type === 'app_user') c.stringMap(t, 'permissions');
    c.bool(t, 'revoked');
  });
  const taskIds = new Set<string>();
  const heads = new Set<string>();
  tasks.forEach((t, i) => {
    const c: Checker = new Checker(`tasks[${i}]${typeof t.id === 'string' ? ` (${t.id})` : ''}`);
    if (t.id !== undefined) {
      c.str(t, 'id');
      if (!/^[A-Za-z0-9_.-]{1,100}$/.test(t.id as string)) c.fail('"id" may hold only letters, digits, _ . and -');
      unique(taskIds, t.id as string, c, 'task id');
    }
    if (!repoIds.has(c.id(t, 'repository'))) c.fail(`repository ${String(t.repository)} does not exist`);
    if (!userIds.has(c.id(t, 'creator'))) c.fail(`creator ${String(t.creator)} is not a user id`);
    c.str(t, 'prompt');
    if (t.state !== undefined && !(TASK_STATES as readonly string[]).includes(t.state as string))
      c.fail(`"state" must be one of ${TASK_STATES.join(', ')}`);
    if (t.ends !== undefined && !(TASK_ENDS as readonly unknown[]).includes(t.ends))
      c.fail(`"ends" must be one of ${TASK_ENDS.join(', ')}`);
    if (
      t.step_ms !== undefined &&
      (typeof t.step_ms !== 'number' || !Number.isInteger(t.step_ms) || t.step_ms < 1 || t.step_ms > 86_400_000)
    )
      c.fail('"step_ms" must be an integer from 1 to 86400000');
    for (const k of ['name', 'model', 'base_ref', 'head_ref', 'custom_agent']) c.str(t, k, true);
    c.bool(t, 'create_pull_request');
    c.time(t, 'archived_at', true);
    c.time(t, 'created_at');
    c.time(t, 'updated_at');
    if (t.artifacts !== undefined) {
      if (!Array.isArray(t.artifacts)) c.fail('"artifacts" must be an array');
      t.artifacts.forEach((a, j) => {
        if (
          !isObj(a) ||
          typeof a.provider !== 'string' ||
          typeof a.type !== 'string' ||
          !isObj(a.data) ||
          !isId(a.data.id)
        ) {
          c.fail(`artifacts[${j}] must be {provider, type, data: {id}}`);
        }
      });
    }
    if (t.sessions !== undefined) {
      if (!Array.isArray(t.sessions)) c.fail('"sessions" must be an array');
      t.sessions.forEach((s, j) => {
        const sc: Checker = new Checker(`tasks[${i}].sessions[${j}]`);
        if (!isObj(s)) sc.fail('must be an object');
        sc.str(s, 'state');
        if (s.id !== undefined) sc.str(s, 'id');
        for (const k of ['prompt', 'model', 'head_ref', 'base_ref']) sc.str(s, k, true);
        sc.time(s, 'created_at');
        sc.time(s, 'updated_at');
        sc.time(s, 'completed_at', true);
      });
    }
    const head = `${String(t.repository)}:${String(t.head_ref)}`;
    if (t.commits !== undefined) {
      const repo = served.get(t.repository as number);
      if (!repo) c.fail(`"commits" needs repository ${String(t.repository)} to be served with "git"`);
      for (const k of ['head_ref', 'base_ref'])
        if (t[k] !== undefined && !isBranchName(t[k] as string))
          c.fail(`"commits" needs "${k}" ${JSON.stringify(t[k])} to be a branch name git accepts`);
      // Known files only where the branch starts from the default branch's first commit.
      const fromDefault =
        (t.base_ref === undefined || t.base_ref === repo.branch) && (t.head_ref === undefined || !heads.has(head));
      checkCommits(c.where, t.commits, fromDefault ? repo.files : undefined);
    }
    if (t.head_ref !== undefined) heads.add(head);
  });
  checkAttemptSets(input.attempt_sets, tasks);
  return input as unknown as WorldFile;
}

/** Reads and validates a world from JSON text; `source` names the file in messages. */
export function parseWorld(text: string, source = 'world'): WorldFile {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (e) {
    throw new WorldError(`${source}: not valid JSON (${(e as Error).message})`);
  }
  try {
    return validateWorld(parsed);
  } catch (e) {
    if (e instanceof WorldError) throw new WorldError(`${source}: ${e.message}`);
    throw e;
  }
}
