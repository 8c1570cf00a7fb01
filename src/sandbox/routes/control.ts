// Control endpoints under /_sandbox: no token, outside the service's own paths; only the sandbox's own user may call
// them (http/guard.ts). A change is answered once it would survive a crash.
import { advance, isTaskState, moveTo, setArchived } from '../taskLife';
import { readBody } from '../http/body';
import { HttpError, invalid, json, notFound, type HttpReply } from '../http/reply';
import type { Ctx, SandboxRoute } from '../http/router';
import { taskJson } from '../render/task';
import { WorldError } from '../world';
import { validateWorld } from '../world-check';
import { attemptSetsJson } from '../world-sets';

async function optionalJson(ctx: Ctx): Promise<unknown> {
  const text = (await readBody(ctx.req)).toString('utf8');
  if (text.trim() === '') return undefined;
  try {
    return JSON.parse(text);
  } catch {
    throw new HttpError(400, 'Problems parsing JSON');
  }
}

async function advanceAll(ctx: Ctx): Promise<HttpReply> {
  const moved = advance(ctx.core.state, ctx.core.now());
  if (moved.length) await ctx.core.commit({ tasks: moved });
  return json(200, { moved: moved.map(t => ({ id: t.id, state: t.state })) });
}

async function patchTask(ctx: Ctx): Promise<HttpReply> {
  const st = ctx.core.state;
  const task = st.tasks.get(ctx.params.task_id);
  if (!task) throw notFound();
  const body = await optionalJson(ctx);
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    throw invalid([
      {
        resource: 'Task',
        field: 'body',
        code: 'invalid',
        message: 'expected {"state"?: "...", "archived"?: true|false}',
      },
    ]);
  }
  const b = body as Record<string, unknown>;
  const errors = [];
  if (b.state !== undefined && !isTaskState(b.state))
    errors.push({ resource: 'Task', field: 'state', code: 'invalid', message: 'state must be a task state' });
  if (b.archived !== undefined && typeof b.archived !== 'boolean')
    errors.push({ resource: 'Task', field: 'archived', code: 'invalid', message: 'archived must be true or false' });
  if (errors.length) throw invalid(errors);
  const now = ctx.core.now();
  if (typeof b.state === 'string' && b.state !== task.state) moveTo(st, task, b.state, now);
  if (typeof b.archived === 'boolean') setArchived(st, task, b.archived, now);
  await ctx.core.commit({ tasks: [task] });
  return { status: 200, json: taskJson(st, task, ctx.origin, 'full') };
}

function stats(ctx: Ctx): HttpReply {
  return json(200, ctx.core.stats);
}

function resetStats(ctx: Ctx): HttpReply {
  ctx.core.resetStats();
  return json(200, { reset: true });
}

async function resetWorld(ctx: Ctx): Promise<HttpReply> {
  const body = await optionalJson(ctx);
  let world = ctx.core.initialWorld;
  if (body !== undefined) {
    try {
      world = validateWorld(body);
    } catch (e) {
      if (e instanceof WorldError) throw new HttpError(422, `Invalid world: ${e.message}`);
      throw e;
    }
  }
  await ctx.core.replaceWorld(structuredClone(world));
  return json(200, { reset: true, tasks: ctx.core.state.tasks.size });
}

function avatar(ctx: Ctx): HttpReply {
  const id = Number(ctx.params.id) || 0;
  const hue = (id * 47) % 360;
  const svg =
    '<svg xmlns="http://www.w3.org/2000/svg" width="64" height="64">' +
    `<rect width="64" height="64" rx="32" fill="hsl(${hue},55%,55%)"/></svg>`;
  return {
    status: 200,
    html: svg,
    headers: { 'content-type': 'image/svg+xml', 'content-security-policy': "default-src 'none'" },
  };
}

export const control: SandboxRoute[] = [
  { method: 'POST', pattern: '/_sandbox/advance', kind: 'control', handler: advanceAll },
  { method: 'PATCH', pattern: '/_sandbox/tasks/{task_id}', kind: 'control', handler: patchTask },
  { method: 'GET', pattern: '/_sandbox/stats', kind: 'control', handler: stats },
  {
    method: 'GET',
    pattern: '/_sandbox/attempt-sets',
    kind: 'control',
    handler: ctx => json(200, attemptSetsJson(ctx.core.state)),
  },
  { method: 'POST', pattern: '/_sandbox/stats/reset', kind: 'control', handler: resetStats },
  { method: 'POST', pattern: '/_sandbox/reset', kind: 'control', handler: resetWorld },
  { method: 'GET', pattern: '/_sandbox/avatars/{id}', kind: 'control', handler: avatar },
];
