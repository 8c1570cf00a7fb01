// Reader of Repository items (B1, B4).
import type { License, Repository, RepositoryPermissions } from '../types';
import { REPOSITORY_COUNTS, REPOSITORY_FLAGS, REPOSITORY_NULLABLE_TEXTS, REPOSITORY_TEXTS } from '../types';
import type { Note, Where } from './fields';
import { drop, Fields, isRecord, kindOf, numberId } from './fields';
import { readAccount } from './installation';

const LICENSE_TEXTS = ['key', 'name', 'url', 'spdx_id', 'node_id', 'html_url'] as const;

export function readRepository(raw: unknown, where: Where, note: Note): Repository | undefined {
  if (!isRecord(raw)) return drop(note, where, `is ${kindOf(raw)}, not an object`);
  const id = numberId(raw.id);
  if (id === undefined) return drop(note, where, 'has no usable id');
  const at = `repository ${id}`;
  const f = new Fields(at, note);
  const r: Repository = { id, name: f.text(raw.name, 'name'), full_name: f.text(raw.full_name, 'full_name') };
  if (raw.owner !== undefined && raw.owner !== null) {
    const owner = readAccount(raw.owner, `${at}: owner`, note);
    if (owner) r.owner = owner;
  }
  for (const k of REPOSITORY_FLAGS) {
    const v = f.optBool(raw[k], k);
    if (v !== undefined) r[k] = v;
  }
  for (const k of REPOSITORY_COUNTS) {
    const v = f.optInt(raw[k], k);
    if (v !== undefined) r[k] = v;
  }
  for (const k of REPOSITORY_TEXTS) {
    const v = f.optText(raw[k], k);
    if (v !== undefined) r[k] = v;
  }
  for (const k of REPOSITORY_NULLABLE_TEXTS) {
    if (raw[k] === null) r[k] = null;
    else {
      const v = f.optText(raw[k], k);
      if (v !== undefined) r[k] = v;
    }
  }
  if (Array.isArray(raw.topics)) r.topics = f.texts(raw.topics, 'topics');
  if (raw.license === null) r.license = null;
  else if (isRecord(raw.license)) r.license = readLicense(raw.license, new Fields(`${at}: license`, note));
  const permissions = readPermissions(raw.permissions, at, note);
  if (permissions) r.permissions = permissions;
  const custom = f.textMap(raw.custom_properties, 'custom_properties');
  if (custom) r.custom_properties = custom;
  return r;
}

function readLicense(raw: Record<string, unknown>, f: Fields): License {
  const l: License = {};
  for (const k of LICENSE_TEXTS) {
    const v = f.optText(raw[k], k);
    if (v !== undefined) l[k] = v;
  }
  return l;
}

/** All three flags, or none: a partial answer would read as "no admin access" and block what may be allowed. */
function readPermissions(v: unknown, where: string, note: Note): RepositoryPermissions | undefined {
  if (v === undefined || v === null) return undefined;
  if (isRecord(v) && typeof v.admin === 'boolean' && typeof v.push === 'boolean' && typeof v.pull === 'boolean') {
    return { admin: v.admin, push: v.push, pull: v.pull };
  }
  note(`${where}: permissions are not three true/false flags; treated as unknown`);
  return undefined;
}
