// Agent tasks: list a repository's tasks or the user's, start one, read one by repository or by ID.
import { KNOWN_MODELS } from '../../api/types';
import { createTask } from '../taskLife';
import { atLeast, canRead, explicitLevel } from '../access';
import { DEFAULT_BRANCH, DEFAULT_MODEL, type RepoRec, type State, type TaskRec } from '../state';
import { requireAgentTasks } from '../http/auth';
import { readJson } from '../http/body';
import { paginate } from '../http/paginate';
import { parseTaskListQuery, type TaskFilters } from '../http/query';
import { type FieldError, forbidden, invalid, notFound, type HttpReply } from '../http/reply';
import type { Ctx, SandboxRoute } from '../http/router';
import { taskJson, taskListJson, taskUrls } from '../render/task';

const PLANS_THAT_START = ['business', 'enterprise'];

function visibleRepo(st: State, userId: number, owner: string, repo: string): RepoRec {
  const r = st.reposByName.get(`${owner}/${repo}`.toLowerCase());
  if (!r || !canRead(st, userId, r)) throw notFound();
  return r;
}

const second = (ms: number): number => Math.floor(ms / 1000);

function filterAndSort(tasks: Iterable<TaskRec>, f: TaskFilters): TaskRec[] {
  const out: TaskRec[] = [];
  for (const t of tasks) {
    if ((t.archivedMs !== null) !== f.archived) continue;
    if (f.states && !f.states.has(t.state)) continue;
    // Compared as shown (to the second), so `since` set to a task's own updated_at includes that task.
    if (f.sinceMs !== null && second(t.updatedMs) * 1000 < f.sinceMs) continue;
    if (f.creators && !f.creators.has(t.creator)) continue;
    out.push(t);
  }
  // Timestamps are shown to the second; ties follow the order of creation or of the last change, so pages are stable.
  const sign = f.direction === 'asc' ? 1 : -1;
  if (f.sort === 'created_at') out.sort((a, b) => sign * (second(a.createdMs) - second(b.createdMs) || a.seq - b.seq));
  else out.sort((a, b) => sign * (second(a.updatedMs) - second(b.updatedMs) || a.updSeq - b.updSeq));
  return out;
}

function listReply(ctx: Ctx, tasks: TaskRec[], page: Parameters<typeof paginate>[1], form: 'list' | 'mine'): HttpReply {
  const p = paginate(tasks, page, ctx.origin, ctx.path, ctx.query);
  return {
    status: 200,
    json: taskListJson(ctx.core.state, p.items, ctx.origin, form),
    headers: p.link ? { link: p.link } : undefined,
  };
}

function listRepositoryTasks(ctx: Ctx): HttpReply {
  const token = requireAgentTasks(ctx.caller, 'read');
  const st = ctx.core.state;
  const repo = visibleRepo(st, token.user, ctx.params.owner, ctx.params.repo);
  const { page, filters } = parseTaskListQuery(ctx.query, true);
  return listReply(ctx, filterAndSort(st.tasksByRepo.get(repo.id) ?? [], filters), page, 'list');
}

function listUserTasks(ctx: Ctx): HttpReply {
  const token = requireAgentTasks(ctx.caller, 'read');
  const st = ctx.core.state;
  const { page, filters } = parseTaskListQuery(ctx.query, false);
  const mine: TaskRec[] = [];
  for (const t of st.tasks.values()) {
    if (t.creator === token.user && canRead(st, token.user, st.repos.get(t.repository)!)) mine.push(t);
  }
  return listReply(ctx, filterAndSort(mine, filters), page, 'mine');
}

interface StartBody {
  prompt: string;
  model?: string;
  create_pull_request?: boolean;
  base_ref?: string;
  head_ref?: string;
  custom_agent?: string;
}

function validateStart(body: unknown): StartBody {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    throw invalid([{ resource: 'Task', field: 'body', code: 'invalid', message: 'The body must be a JSON object' }]);
  }
  const b = body as Record<string, unknown>;
  const errors: FieldError[] = [];
  if (b.prompt === undefined)
    errors.push({ resource: 'Task', field: 'prompt', code: 'missing_field', message: 'prompt is required' });
  else if (typeof b.prompt !== 'string')
    errors.push({ resource: 'Task', field: 'prompt', code: 'invalid', message: 'prompt must be a string' });
  else if (b.prompt.trim() === '')
    errors.push({ resource: 'Task', field: 'prompt', code: 'missing_field', message: 'prompt must not be empty' });
  if (
    b.model !== undefined &&
    (typeof b.model !== 'string' || !(KNOWN_MODELS as readonly string[]).includes(b.model))
  ) {
    errors.push({
      resource: 'Task',
      field: 'model',
      code: 'invalid',
      message: `model must be one of ${KNOWN_MODELS.join(', ')}`,
    });
  }
  if (b.create_pull_request !== undefined && typeof b.create_pull_request !== 'boolean') {
    errors.push({
      resource: 'Task',
      field: 'create_pull_request',
      code: 'invalid',
      message: 'create_pull_request must be true or false',
    });
  }
  for (const k of ['base_ref', 'head_ref', 'custom_agent']) {
    const v = b[k];
    if (v !== undefined && (typeof v !== 'string' || v.trim() === '' || v.length > 255)) {
      errors.push({
        resource: 'Task',
        field: k,
        code: 'invalid',
        message: `${k} must be a non-empty string of at most 255 characters`,
      });
    }
  }
  if (errors.length) throw invalid(errors);
  return b as unknown as StartBody;
}

async function startTask(ctx: Ctx): Promise<HttpReply> {
  const token = requireAgentTasks(ctx.caller, 'write');
  const st = ctx.core.state;
  const repo = visibleRepo(st, token.user, ctx.params.owner, ctx.params.repo);
  if (!atLeast(explicitLevel(st, token.user, repo), 'write'))
    throw forbidden('Starting a task needs write access to the repository');
  const plan = st.users.get(token.user)?.copilot_plan;
  if (!plan || !PLANS_THAT_START.includes(plan)) {
    throw forbidden(
      'Starting a task is available only with a business or enterprise subscription of the agent product',
    );
  }
  const body = validateStart(await readJson(ctx.req));
  const task = createTask(
    st,
    {
      repository: repo.id,
      creator: token.user,
      prompt: body.prompt,
      model: body.model ?? DEFAULT_MODEL,
      create_pull_request: body.create_pull_request ?? false,
      base_ref: body.base_ref ?? repo.default_branch ?? DEFAULT_BRANCH,
      head_ref: body.head_ref,
      custom_agent: body.custom_agent,
    },
    ctx.core.now(),
  );
  // 201 only once the task would survive a crash of the sandbox.
  await ctx.core.commit({ tasks: [task] });
  return {
    status: 201,
    json: taskJson(st, task, ctx.origin, 'list'),
    headers: { location: taskUrls(repo, task.id, ctx.origin).url },
  };
}

function getRepositoryTask(ctx: Ctx): HttpReply {
  const token = requireAgentTasks(ctx.caller, 'read');
  const st = ctx.core.state;
  const repo = visibleRepo(st, token.user, ctx.params.owner, ctx.params.repo);
  const task = st.tasks.get(ctx.params.task_id);
  if (!task || task.repository !== repo.id) throw notFound();
  return { status: 200, json: taskJson(st, task, ctx.origin, 'full') };
}

function getTaskById(ctx: Ctx): HttpReply {
  const token = requireAgentTasks(ctx.caller, 'read');
  const st = ctx.core.state;
  const task = st.tasks.get(ctx.params.task_id);
  if (!task || !canRead(st, token.user, st.repos.get(task.repository)!)) throw notFound();
  return { status: 200, json: taskJson(st, task, ctx.origin, 'full') };
}

export const taskRoutes: SandboxRoute[] = [
  { method: 'GET', pattern: '/agents/repos/{owner}/{repo}/tasks', kind: 'api', handler: listRepositoryTasks },
  { method: 'POST', pattern: '/agents/repos/{owner}/{repo}/tasks', kind: 'api', handler: startTask },
  { method: 'GET', pattern: '/agents/repos/{owner}/{repo}/tasks/{task_id}', kind: 'api', handler: getRepositoryTask },
  { method: 'GET', pattern: '/agents/tasks', kind: 'api', handler: listUserTasks },
  { method: 'GET', pattern: '/agents/tasks/{task_id}', kind: 'api', handler: getTaskById },
];
