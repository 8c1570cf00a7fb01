// The user's installations, with every field of the specification; timestamps carry a numeric offset.
import type { Installation } from '../../api/types';
import type { InstRec } from '../state';
import { offsetOf, withOffset } from '../time';
import { renderAccount } from './account';

// Installations without timestamps in the world are shown as made in this zone, so clients meet a non-zero offset.
const DEFAULT_OFFSET = -7 * 60;
const DEFAULT_CREATED = Date.parse('2026-03-10T19:00:00Z');

function stamp(given: string | undefined): string {
  if (!given) return withOffset(DEFAULT_CREATED, DEFAULT_OFFSET);
  return withOffset(Date.parse(given), offsetOf(given));
}

export function installationHtmlUrl(s: InstRec, origin: string): string {
  return s.accountRec.type === 'Organization'
    ? `${origin}/organizations/${s.accountRec.login}/settings/installations/${s.id}`
    : `${origin}/settings/installations/${s.id}`;
}

export function renderInstallation(s: InstRec, origin: string): Installation {
  return {
    id: s.id,
    account: renderAccount(s.accountRec, origin),
    access_tokens_url: `${origin}/app/installations/${s.id}/access_tokens`,
    repositories_url: `${origin}/installation/repositories`,
    html_url: installationHtmlUrl(s, origin),
    app_id: s.app_id,
    target_id: s.accountRec.id,
    target_type: s.accountRec.type,
    permissions: { ...(s.permissions ?? { metadata: 'read' }) },
    events: [...(s.events ?? [])],
    single_file_name: '',
    has_multiple_single_files: false,
    single_file_paths: [],
    repository_selection: s.repository_selection,
    created_at: stamp(s.created_at),
    updated_at: stamp(s.updated_at ?? s.created_at),
    app_slug: s.app_slug,
    suspended_at: null,
    suspended_by: null,
  };
}
