// The world shared by the sandbox's task tests: one organization, three repositories, tokens of every kind.
import { WorldBuilder } from './helpers';

export function tasksWorld() {
  const b = new WorldBuilder();
  const ana = b.user('ana', 'business');
  const bo = b.user('bo', 'free');
  const cy = b.user('cy', 'enterprise');
  const dee = b.user('dee', 'business');
  b.org('acme', [ana, bo, cy]);
  const svc = b.repo('acme', 'svc', { [ana]: 'admin', [bo]: 'write', [cy]: 'read' });
  const secret = b.repo('acme', 'secret', { [ana]: 'admin' });
  const pub = b.repo('ana', 'pub', {}, false);
  const inst = b.installation('acme', 'selected', [svc]);
  const tokens = {
    ana: b.fineGrained(ana),
    anaRead: b.fineGrained(ana, { agent_tasks: 'read' }),
    anaNoTasks: b.fineGrained(ana, { metadata: 'read' }, 'app_user'),
    anaAppUserTasks: b.fineGrained(ana, { agent_tasks: 'write' }, 'app_user'),
    anaClassic: b.classic(ana),
    inst: b.installationToken(inst),
    bo: b.fineGrained(bo),
    cy: b.fineGrained(cy),
    dee: b.fineGrained(dee),
  };
  const t = {
    old: b.task(svc, ana, {
      state: 'completed',
      create_pull_request: true,
      created_at: '2026-01-01T00:00:00Z',
      updated_at: '2026-01-05T00:00:00Z',
    }),
    mid: b.task(svc, bo, { state: 'failed', created_at: '2026-01-02T00:00:00Z', updated_at: '2026-01-03T00:00:00Z' }),
    fresh: b.task(svc, ana, {
      state: 'in_progress',
      created_at: '2026-01-03T00:00:00Z',
      updated_at: '2026-01-04T00:00:00Z',
    }),
    archived: b.task(svc, ana, {
      state: 'completed',
      created_at: '2026-01-01T00:00:00Z',
      updated_at: '2026-01-06T00:00:00Z',
      archived_at: '2026-01-06T00:00:00Z',
    }),
    hidden: b.task(secret, ana, {
      state: 'queued',
      created_at: '2026-01-01T00:00:00Z',
      updated_at: '2026-01-01T00:00:00Z',
    }),
    public: b.task(pub, ana, {
      state: 'queued',
      created_at: '2026-01-01T00:00:00Z',
      updated_at: '2026-01-02T00:00:00Z',
    }),
  };
  return { world: b.build(), tokens, t, users: { ana, bo, cy, dee }, repos: { svc, secret, pub } };
}
