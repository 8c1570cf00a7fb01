// The world shared by the sandbox's installation tests (two organizations, installations of each selection, tokens of every kind)
// and the fields every repository and installation they read must carry.
import assert from 'node:assert/strict';
import { REPOSITORY_COUNTS, REPOSITORY_FLAGS, REPOSITORY_TEXTS } from '../../../src/api/types';
import { ACCOUNT_TEXTS } from '../../../src/api/types';
import { WorldBuilder } from './helpers';

// The field lists the client reads by (the specification's), so the sandbox is held to what the client expects.
export const REPO_STRINGS = ['name', 'full_name', 'temp_clone_token', ...REPOSITORY_TEXTS];
export const REPO_BOOLS = REPOSITORY_FLAGS;
export const REPO_INTS = ['id', ...REPOSITORY_COUNTS];
export const ACCOUNT_FIELDS = ['login', 'id', ...ACCOUNT_TEXTS, 'site_admin'];
export const INSTALLATION_FIELDS = [
  'id',
  'account',
  'access_tokens_url',
  'repositories_url',
  'html_url',
  'app_id',
  'target_id',
  'target_type',
  'permissions',
  'events',
  'single_file_name',
  'has_multiple_single_files',
  'single_file_paths',
  'repository_selection',
  'created_at',
  'updated_at',
  'app_slug',
  'suspended_at',
  'suspended_by',
];

export function checkRepo(r: Record<string, unknown>): void {
  for (const f of REPO_STRINGS) assert.equal(typeof r[f], 'string', f);
  for (const f of REPO_BOOLS) assert.equal(typeof r[f], 'boolean', f);
  for (const f of REPO_INTS) assert.ok(Number.isInteger(r[f]), f);
  for (const f of ACCOUNT_FIELDS) assert.ok(f in (r.owner as object), `owner.${f}`);
  assert.ok(Array.isArray(r.topics));
  assert.deepEqual(Object.keys(r.license as object).sort(), ['html_url', 'key', 'name', 'node_id', 'spdx_id', 'url']);
}

export function installationsWorld() {
  const b = new WorldBuilder();
  const ana = b.user('ana');
  const bo = b.user('bo');
  const cy = b.user('cy');
  b.org('acme', [ana, bo]);
  b.org('solo', [ana]);
  const svc = b.repo('acme', 'svc', { [ana]: 'admin', [bo]: 'read' });
  const web = b.repo('acme', 'web', { [ana]: 'admin' }, false);
  const ops = b.repo('acme', 'ops', { [ana]: 'write', [bo]: 'admin' });
  const extra = b.repo('acme', 'extra', { [ana]: 'admin' });
  const only = b.repo('solo', 'only', { [ana]: 'admin' });
  const own = b.repo('cy', 'own');
  const sel = b.installation('acme', 'selected', [svc, web]);
  const all = b.installation('acme', 'all');
  const single = b.installation('solo', 'selected', [only]);
  const cyInst = b.installation('cy', 'all');
  const tokens = {
    inst: b.installationToken(sel),
    inst2: b.installationToken(sel),
    instAll: b.installationToken(all),
    anaFg: b.fineGrained(ana, { metadata: 'read' }),
    anaFgNoMeta: b.fineGrained(ana, { agent_tasks: 'read' }),
    anaApp: b.fineGrained(ana, {}, 'app_user'),
    anaClassic: b.classic(ana),
    anaClassicNoScope: b.classic(ana, []),
    boFg: b.fineGrained(bo, { metadata: 'read' }),
    boClassic: b.classic(bo),
    cyFg: b.fineGrained(cy, { metadata: 'read' }),
    cyClassic: b.classic(cy),
  };
  return { world: b.build(), tokens, repos: { svc, web, ops, extra, only, own }, inst: { sel, all, single, cyInst } };
}
