// The sandbox under load: many concurrent clients start and list tasks for a bounded time while the tasks move on
// their own. No request may fail, and afterwards every task answered with 201 is listed exactly once, in the
// repository's list and in its creator's own list, and no other task has appeared.
import assert from 'node:assert/strict';
import * as http from 'node:http';
import { demoWorld, startSandbox, type Sandbox, type WorldFile } from '../../../src/sandbox';

const CLIENTS = 32;
const LOAD_MS = 3_000;
const USERS = 4;
const BASE = '/agents/repos/acme/rocket/tasks';

/** The demo world plus a few users who may start tasks on acme/rocket, each with a token. */
function loadWorld(): { world: WorldFile; tokens: string[] } {
  const world = demoWorld();
  const rocket = world.repositories.find(r => r.owner === 'acme' && r.name === 'rocket')!;
  const tokens: string[] = [];
  for (let i = 0; i < USERS; i++) {
    const id = 2001 + i;
    world.users.push({ id, login: `loader${i}`, copilot_plan: 'business' });
    rocket.access = { ...rocket.access, [String(id)]: 'write' };
    const value = `load_token_${i}_${Math.random().toString(36).slice(2, 8)}`;
    world.tokens.push({
      value,
      type: 'fine_grained',
      user: id,
      permissions: { agent_tasks: 'write', metadata: 'read' },
    });
    tokens.push(value);
  }
  return { world, tokens };
}

interface Answer {
  status: number;
  body: string;
}

function call(
  agent: http.Agent,
  base: string,
  method: string,
  path: string,
  token: string,
  body?: object,
): Promise<Answer> {
  const u = new URL(base);
  const payload = body === undefined ? undefined : JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: u.hostname,
        port: u.port,
        method,
        path,
        agent,
        headers: {
          authorization: `Bearer ${token}`,
          'x-vendor-api-version': '2026-03-10',
          ...(payload ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) } : {}),
        },
      },
      res => {
        const chunks: Buffer[] = [];
        res.on('data', c => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }));
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

/** Every task id of a list, walking the pages oldest first (creation order does not move while tasks change). */
async function walk(base: string, path: string, token: string): Promise<string[]> {
  const agent = new http.Agent({ keepAlive: true });
  const ids: string[] = [];
  try {
    for (let page = 1; ; page++) {
      const r = await call(
        agent,
        base,
        'GET',
        `${path}?per_page=100&page=${page}&sort=created_at&direction=asc`,
        token,
      );
      assert.equal(r.status, 200, `${path} page ${page}: ${r.status} ${r.body.slice(0, 200)}`);
      const tasks = (JSON.parse(r.body) as { tasks: Array<{ id: string }> }).tasks;
      ids.push(...tasks.map(t => t.id));
      if (tasks.length < 100) return ids;
    }
  } finally {
    agent.destroy();
  }
}

function countOf(ids: string[]): Map<string, number> {
  const m = new Map<string, number>();
  for (const id of ids) m.set(id, (m.get(id) ?? 0) + 1);
  return m;
}

describe('sandbox under load', () => {
  let sb: Sandbox;
  let tokens: string[];
  before(async () => {
    const w = loadWorld();
    tokens = w.tokens;
    // Tasks move every 25 ms, so lists change under the readers' feet the whole time.
    sb = await startSandbox({ world: w.world, stepMs: 25, rateLimit: { limit: 1e9 } });
  });
  after(async () => {
    await sb?.close();
  });

  it(`${CLIENTS} concurrent clients starting and listing for ${LOAD_MS / 1000} s: no error, every 201 listed exactly once`, async function () {
    this.timeout(60_000);
    const before = new Set(await walk(sb.url, BASE, tokens[0]));
    const started = new Map<string, number>(); // task id → user index
    const statuses = new Map<number, number>();
    const problems: string[] = [];
    let reads = 0;
    const end = Date.now() + LOAD_MS;
    await Promise.all(
      Array.from({ length: CLIENTS }, async (_, c) => {
        const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
        const user = c % USERS;
        const token = tokens[user];
        try {
          for (let i = 0; Date.now() < end; i++) {
            let r: Answer;
            if (i % 3 === 0) {
              r = await call(agent, sb.url, 'POST', BASE, token, {
                prompt: `load ${c}-${i}: tidy module ${i % 7}`,
                create_pull_request: i % 2 === 0,
              });
              if (r.status === 201) {
                const id = (JSON.parse(r.body) as { id: string }).id;
                if (started.has(id)) problems.push(`201 twice for ${id}`);
                started.set(id, user);
              }
            } else {
              const path =
                i % 3 === 1
                  ? `${BASE}?per_page=${10 + (i % 50)}&page=${1 + (i % 4)}`
                  : `/agents/tasks?per_page=100&state=queued,in_progress,completed`;
              r = await call(agent, sb.url, 'GET', path, token);
              if (r.status === 200) {
                const ids = (JSON.parse(r.body) as { tasks: Array<{ id: string }> }).tasks.map(t => t.id);
                if (new Set(ids).size !== ids.length) problems.push(`a page of ${path} lists a task twice`);
              }
              reads++;
            }
            statuses.set(r.status, (statuses.get(r.status) ?? 0) + 1);
            if (r.status !== 200 && r.status !== 201) problems.push(`${r.status}: ${r.body.slice(0, 120)}`);
          }
        } finally {
          agent.destroy();
        }
      }),
    );
    assert.deepEqual(problems.slice(0, 10), [], `${problems.length} problems`);
    assert.ok(started.size >= CLIENTS, `only ${started.size} tasks started under load`);
    assert.ok(reads >= CLIENTS, `only ${reads} reads under load`);

    const repoCounts = countOf(await walk(sb.url, BASE, tokens[0]));
    const missing = [...started.keys()].filter(id => repoCounts.get(id) !== 1);
    assert.deepEqual(
      missing.map(id => `${id}×${repoCounts.get(id) ?? 0}`).slice(0, 10),
      [],
      'every 201 in the repository list exactly once',
    );
    const extra = [...repoCounts.keys()].filter(id => !before.has(id) && !started.has(id));
    assert.deepEqual(extra, [], 'no task appeared that was not answered with 201');
    assert.ok(
      [...repoCounts.values()].every(n => n === 1),
      'no task listed twice',
    );

    for (let u = 0; u < USERS; u++) {
      const mine = countOf(await walk(sb.url, '/agents/tasks', tokens[u]));
      const own = [...started].filter(([, who]) => who === u).map(([id]) => id);
      const wrong = own.filter(id => mine.get(id) !== 1);
      assert.deepEqual(wrong.slice(0, 10), [], `user ${u}: every own 201 in the user's list exactly once`);
      assert.equal(
        [...mine.keys()].filter(id => started.has(id) && started.get(id) !== u).length,
        0,
        `user ${u} sees no one else's task in the user's list`,
      );
    }
    const stats = (await (await fetch(`${sb.url}/_sandbox/stats`)).json()) as { internal_errors: number };
    assert.equal(stats.internal_errors, 0);
  });
});
