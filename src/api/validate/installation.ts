// Readers of Area B resources: Account, Installation.
import type { Account, Installation } from '../types';
import type { Note, Where } from './fields';
import { drop, Fields, isRecord, kindOf, numberId, place } from './fields';

/** Account text fields, as the specification lists them; the reader checks each. */
export const ACCOUNT_TEXTS = [
  'node_id',
  'avatar_url',
  'gravatar_id',
  'url',
  'html_url',
  'followers_url',
  'following_url',
  'gists_url',
  'starred_url',
  'subscriptions_url',
  'organizations_url',
  'repos_url',
  'events_url',
  'received_events_url',
  'type',
] as const;

/** An account; its login is how it is named everywhere, so one without a login is unusable. */
export function readAccount(raw: unknown, where: Where, note: Note): Account | undefined {
  if (!isRecord(raw)) return drop(note, where, `is ${kindOf(raw)}, not an object`);
  if (typeof raw.login !== 'string' || raw.login === '') return drop(note, where, 'has no login');
  const login = raw.login;
  const f = new Fields(() => `${place(where)} (${login})`, note);
  const a: Account = { login };
  const id = numberId(raw.id);
  if (id !== undefined) a.id = id;
  for (const k of ACCOUNT_TEXTS) {
    const v = f.optText(raw[k], k);
    if (v !== undefined) a[k] = v;
  }
  const admin = f.optBool(raw.site_admin, 'site_admin');
  if (admin !== undefined) a.site_admin = admin;
  return a;
}

/** An installation: left out without an id, or without an account to name it by. */
export function readInstallation(raw: unknown, where: Where, note: Note): Installation | undefined {
  if (!isRecord(raw)) return drop(note, where, `is ${kindOf(raw)}, not an object`);
  const id = numberId(raw.id);
  if (id === undefined) return drop(note, where, 'has no usable id');
  const at = `installation ${id}`;
  const account = readAccount(raw.account, `${at}: account`, note);
  if (!account) return drop(note, at, 'has no usable account');
  const f = new Fields(at, note);
  const i: Installation = {
    id,
    account,
    permissions: f.textMap(raw.permissions, 'permissions') ?? {},
    events: f.texts(raw.events, 'events'),
    // Both are text the views compare and show; without them the installation still lists, as "selected".
    repository_selection: f.text(raw.repository_selection, 'repository_selection'),
    app_slug: f.text(raw.app_slug, 'app_slug'),
    suspended_at: f.textOrNull(raw.suspended_at, 'suspended_at'),
  };
  for (const k of [
    'access_tokens_url',
    'repositories_url',
    'html_url',
    'target_type',
    'single_file_name',
    'created_at',
    'updated_at',
  ] as const) {
    const v = f.optText(raw[k], k);
    if (v !== undefined) i[k] = v;
  }
  for (const k of ['app_id', 'target_id'] as const) {
    const v = f.optInt(raw[k], k);
    if (v !== undefined) i[k] = v;
  }
  const multiple = f.optBool(raw.has_multiple_single_files, 'has_multiple_single_files');
  if (multiple !== undefined) i.has_multiple_single_files = multiple;
  if (Array.isArray(raw.single_file_paths)) i.single_file_paths = f.texts(raw.single_file_paths, 'single_file_paths');
  // Its shape is not given: whether it is set is all a view can use.
  if (raw.suspended_by !== undefined) i.suspended_by = raw.suspended_by === null ? null : true;
  return i;
}
