// Accounts and installations: declared once, typed and read from here.
import * as v from 'valibot';
import { place } from '../read/fields';
import { ACCOUNT_TEXTS } from './values';
import {
  item,
  loginKey,
  needed,
  numberKey,
  open,
  optFlag,
  optInt,
  optText,
  presence,
  text,
  textMap,
  textOrNull,
  texts,
} from './declare';

/** The `owner` of a repository and the `account` of an installation; named everywhere by its login. */
export const AccountShape = item(
  {
    login: loginKey(),
    id: v.optional(numberKey()),
    ...v.entriesFromList(ACCOUNT_TEXTS, optText()),
    type: v.optional(open<'User' | 'Organization'>()),
    site_admin: optFlag(),
  },
  (login, where) => () => `${place(where)} (${login})`,
);

export type AccessLevel = 'read' | 'write' | 'admin' | (string & {});

export const InstallationShape = item(
  {
    id: numberKey(),
    account: needed(AccountShape),
    access_tokens_url: optText(),
    repositories_url: optText(),
    html_url: optText(),
    app_id: optInt(),
    target_id: optInt(),
    target_type: optText(),
    permissions: textMap<AccessLevel>(),
    events: texts(),
    single_file_name: optText(),
    has_multiple_single_files: optFlag(),
    single_file_paths: v.optional(texts()),
    /** '' when the service did not say; the views then treat the installation as "selected". */
    repository_selection: open<'all' | 'selected'>(),
    created_at: optText(),
    updated_at: optText(),
    /** '' when the service did not say. */
    app_slug: text(),
    suspended_at: textOrNull(),
    /** Shape not given by the specification: only whether it is set is kept. */
    suspended_by: presence(),
  },
  id => `installation ${id}`,
);
