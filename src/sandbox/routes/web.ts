// The small read-only web pages behind the `html_url`s the sandbox hands out, so "open on the web" leads somewhere.
import { createHash } from 'node:crypto';
import { installationRepos } from '../access';
import type { InstRec, RepoRec, TaskRec } from '../state';
import { notFound, type HttpReply } from '../http/reply';
import type { Ctx, SandboxRoute } from '../http/router';
import { installationHtmlUrl } from '../render/installation';
import { renderTask } from '../render/task';

const esc = (s: unknown): string =>
  String(s).replace(/[&<>"']/g, c => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

const STYLE = `body{font:14px/1.5 system-ui,sans-serif;margin:2rem auto;max-width:56rem;padding:0 1rem}
table{border-collapse:collapse}
td,th{border:1px solid #ccc;padding:.25rem .5rem;text-align:left}.state{font-weight:600}small{color:#666}`;

// Nothing runs, loads or submits but the page's own style (by its hash); should an escape ever fail, the text stays
// inert.
export const PAGE_CSP =
  `default-src 'none'; style-src 'sha256-${createHash('sha256').update(STYLE, 'utf8').digest('base64')}'; ` +
  "img-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

function page(title: string, body: string): HttpReply {
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${esc(title)} · sandbox</title>
<style>${STYLE}</style></head>
<body><small>Agent Tasks sandbox · read-only</small><h1>${esc(title)}</h1>${body}</body></html>`;
  return { status: 200, html, headers: { 'content-security-policy': PAGE_CSP, 'referrer-policy': 'no-referrer' } };
}

/**
 * A link from the page at `from` to the path `to`, relative, so that it stays under whatever prefix a proxy put in
 * front of the sandbox's paths (code-server's `/proxy/PORT/`). Always starts with `./` or `../`.
 */
export function relativeLink(from: string, to: string): string {
  const dir = from.split('/').slice(1, -1);
  const target = to.split('/').slice(1);
  let common = 0;
  while (common < dir.length && common < target.length - 1 && dir[common] === target[common]) common++;
  const up = dir.length - common;
  return (up === 0 ? './' : '../'.repeat(up)) + target.slice(common).join('/');
}

function table(rows: Array<[string, unknown]>): string {
  return `<table>${rows.map(([k, v]) => `<tr><th>${esc(k)}</th><td>${esc(v)}</td></tr>`).join('')}</table>`;
}

function taskPage(ctx: Ctx): HttpReply {
  const st = ctx.core.state;
  const t = st.tasks.get(ctx.params.task_id);
  const repo = t && st.repos.get(t.repository);
  if (
    !t ||
    !repo ||
    `${repo.ownerAccount.login}/${repo.name}`.toLowerCase() !== `${ctx.params.owner}/${ctx.params.repo}`.toLowerCase()
  )
    throw notFound();
  const task = renderTask(st, t, ctx.origin, 'full');
  const creator = st.users.get(t.creator)?.login ?? t.creator;
  const sessions =
    (task.sessions ?? [])
      .map(
        s =>
          `<h3>Session ${esc(s.id)}</h3>${table([
            ['state', s.state],
            ['model', s.model],
            ['head_ref', s.head_ref],
            ['base_ref', s.base_ref],
            ['created_at', s.created_at],
            ['completed_at', s.completed_at ?? '—'],
            ['prompt', s.prompt],
          ])}`,
      )
      .join('') || '<p>No session yet.</p>';
  const artifacts = task.artifacts.length
    ? `<ul>${task.artifacts
        .map(a => `<li>${esc(a.type)} #${esc(a.data.id)} <small>(${esc(a.provider)})</small></li>`)
        .join('')}</ul>`
    : '<p>No artifacts.</p>';
  return page(
    task.name,
    `<p>${esc(repo.ownerAccount.login)}/${esc(repo.name)} · <span class="state">${esc(task.state)}</span></p>
${table([
  ['id', task.id],
  ['creator', creator],
  ['created_at', task.created_at],
  ['updated_at', task.updated_at],
  ['archived_at', task.archived_at ?? '—'],
  ['custom_agent', t.custom_agent ?? '—'],
])}
<h2>Sessions (${task.session_count})</h2>${sessions}<h2>Artifacts</h2>${artifacts}`,
  );
}

function repoOf(ctx: Ctx): RepoRec {
  const repo = ctx.core.state.reposByName.get(`${ctx.params.owner}/${ctx.params.repo}`.toLowerCase());
  if (!repo) throw notFound();
  return repo;
}

function taskItem(ctx: Ctx, t: TaskRec): string {
  const href = relativeLink(ctx.path, new URL(renderTask(ctx.core.state, t, ctx.origin, 'list').html_url!).pathname);
  return `<li><a href="${esc(href)}">${esc(t.name)}</a> <span class="state">${esc(t.state)}</span></li>`;
}

function repoPage(ctx: Ctx): HttpReply {
  const repo = repoOf(ctx);
  const tasks = (ctx.core.state.tasksByRepo.get(repo.id) ?? []).map(t => taskItem(ctx, t)).join('');
  return page(
    `${repo.ownerAccount.login}/${repo.name}`,
    `<p>${esc(repo.description ?? '')}</p>${table([
      ['id', repo.id],
      ['visibility', repo.private ? 'private' : 'public'],
      ['default branch', repo.default_branch ?? 'main'],
    ])}<h2>Agent tasks</h2><ul>${tasks || '<li><small>no tasks</small></li>'}</ul>`,
  );
}

/** The pull request an agent task produced (its `pull` artifact). */
function pullPage(ctx: Ctx): HttpReply {
  const repo = repoOf(ctx);
  const id = Number(ctx.params.id);
  const t = (ctx.core.state.tasksByRepo.get(repo.id) ?? []).find(x =>
    x.artifacts.some(a => a.type === 'pull' && a.data.id === id),
  );
  if (!t) throw notFound();
  return page(
    `Pull request #${id}: ${t.name}`,
    `${table([
      ['repository', `${repo.ownerAccount.login}/${repo.name}`],
      ['head', t.head_ref],
      ['base', t.base_ref],
      ['opened by task', t.id],
      ['task state', t.state],
    ])}<ul>${taskItem(ctx, t)}</ul>`,
  );
}

/** A branch agents worked on (a `branch` artifact's page): the tasks that name it as their head. */
function branchPage(ctx: Ctx): HttpReply {
  const repo = repoOf(ctx);
  const ref = ctx.params.ref;
  const tasks = (ctx.core.state.tasksByRepo.get(repo.id) ?? []).filter(
    t => t.head_ref === ref || t.sessions.some(s => s.head_ref === ref),
  );
  if (!tasks.length) throw notFound();
  return page(
    `Branch ${ref}`,
    `${table([
      ['repository', `${repo.ownerAccount.login}/${repo.name}`],
      ['branch', ref],
      ['base', tasks[0].base_ref],
    ])}<h2>Agent tasks on this branch</h2><ul>${tasks.map(t => taskItem(ctx, t)).join('')}</ul>`,
  );
}

function installationPage(ctx: Ctx, inst: InstRec | undefined): HttpReply {
  if (!inst) throw notFound();
  const st = ctx.core.state;
  const repos = installationRepos(st, inst);
  return page(
    `${inst.app_slug} on ${inst.accountRec.login}`,
    `${table([
      ['installation', inst.id],
      ['app_id', inst.app_id],
      ['account', `${inst.accountRec.login} (${inst.accountRec.type})`],
      ['repository_selection', inst.repository_selection],
      ['permissions', JSON.stringify(inst.permissions ?? {})],
    ])}<h2>Repositories (${repos.length})</h2><ul>${repos
      .map(r => `<li>${esc(r.ownerAccount.login)}/${esc(r.name)}${r.private ? ' <small>private</small>' : ''}</li>`)
      .join('')}</ul>`,
  );
}

function byId(ctx: Ctx): InstRec | undefined {
  return /^\d{1,15}$/.test(ctx.params.id) ? ctx.core.state.installations.get(Number(ctx.params.id)) : undefined;
}

function orgInstallation(ctx: Ctx): HttpReply {
  const inst = byId(ctx);
  return installationPage(
    ctx,
    inst && inst.accountRec.login.toLowerCase() === ctx.params.org.toLowerCase() ? inst : undefined,
  );
}

function userInstallation(ctx: Ctx): HttpReply {
  const inst = byId(ctx);
  return installationPage(ctx, inst && inst.accountRec.type === 'User' ? inst : undefined);
}

function home(ctx: Ctx): HttpReply {
  const st = ctx.core.state;
  const repos = [...st.repos.values()]
    .map(r => {
      const tasks = (st.tasksByRepo.get(r.id) ?? []).map(t => taskItem(ctx, t)).join('');
      const href = relativeLink(ctx.path, `/${encodeURIComponent(r.ownerAccount.login)}/${encodeURIComponent(r.name)}`);
      return (
        `<h3><a href="${esc(href)}">${esc(r.ownerAccount.login)}/${esc(r.name)}</a></h3>` +
        `<ul>${tasks || '<li><small>no tasks</small></li>'}</ul>`
      );
    })
    .join('');
  const insts = [...st.installations.values()]
    .map(
      i =>
        `<li><a href="${esc(relativeLink(ctx.path, new URL(installationHtmlUrl(i, ctx.origin)).pathname))}">` +
        `${esc(i.app_slug)} on ${esc(i.accountRec.login)}</a></li>`,
    )
    .join('');
  return page('Sandbox', `<h2>Repositories and tasks</h2>${repos}<h2>Installations</h2><ul>${insts}</ul>`);
}

export const web: SandboxRoute[] = [
  { method: 'GET', pattern: '/', kind: 'web', handler: home },
  { method: 'GET', pattern: '/{owner}/{repo}', kind: 'web', handler: repoPage },
  { method: 'GET', pattern: '/{owner}/{repo}/tasks/{task_id}', kind: 'web', handler: taskPage },
  { method: 'GET', pattern: '/{owner}/{repo}/pull/{id}', kind: 'web', handler: pullPage },
  { method: 'GET', pattern: '/{owner}/{repo}/tree/{ref...}', kind: 'web', handler: branchPage },
  { method: 'GET', pattern: '/organizations/{org}/settings/installations/{id}', kind: 'web', handler: orgInstallation },
  { method: 'GET', pattern: '/settings/installations/{id}', kind: 'web', handler: userInstallation },
];
