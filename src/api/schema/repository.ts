// Repository items of the repository lists, and the one repository read by owner and name: declared once here.
import * as v from 'valibot';
import { REPOSITORY_COUNTS, REPOSITORY_FLAGS, REPOSITORY_NULLABLE_TEXTS, REPOSITORY_TEXTS } from './values';
import { AccountShape } from './account';
import { item, never, numberKey, open, optFlag, optInt, optText, text, textMap, texts, whole } from './declare';

export const LicenseShape = item({
  key: optText(),
  name: optText(),
  url: optText(),
  spdx_id: optText(),
  node_id: optText(),
  html_url: optText(),
});

/** All three flags, or none: a partial answer would read as "no admin access" and block what may be allowed. */
export const RepositoryPermissionsShape = v.object({ admin: v.boolean(), push: v.boolean(), pull: v.boolean() });

export const RepositoryShape = item(
  {
    id: numberKey(),
    name: text(),
    full_name: text(),
    owner: v.optional(AccountShape),
    ...v.entriesFromList(REPOSITORY_FLAGS, optFlag()),
    ...v.entriesFromList(REPOSITORY_COUNTS, optInt()),
    ...v.entriesFromList(REPOSITORY_TEXTS, optText()),
    ...v.entriesFromList(REPOSITORY_NULLABLE_TEXTS, v.optional(v.nullable(v.string()))),
    visibility: v.optional(open<'public' | 'private' | 'internal'>()),
    topics: v.optional(texts()),
    license: v.optional(v.nullable(LicenseShape)),
    /**
     * A temporary clone credential in the real service. The client never keeps it (nothing here uses it, and a
     * credential kept is one that can leak); the type has it for the sandbox, which sends one.
     */
    temp_clone_token: never(v.string()),
    /** Shape not given by the specification; not kept by the client. */
    template_repository: never(v.unknown()),
    /** Only in the repositories of an installation, for a user token. */
    permissions: whole(RepositoryPermissionsShape),
    /** Only in the repositories of the calling installation. */
    custom_properties: v.optional(textMap()),
  },
  id => `repository ${id}`,
);
