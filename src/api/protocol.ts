// The service's wire constants, from the specification. They live here and nowhere else.

/** Media type recommended in `Accept`. */
export const MEDIA_TYPE = 'application/vnd.vendor+json';
/** Name of the API version header. */
export const VERSION_HEADER = 'X-Vendor-Api-Version';
/** The API version this client and the sandbox speak. */
export const API_VERSION = '2026-03-10';

/** Pagination rules shared by every list endpoint (tasks, installations, repositories). */
export const PER_PAGE_DEFAULT = 30;
export const PER_PAGE_MAX = 100;
export const PAGE_DEFAULT = 1;

/** Where the documentation of an error lives; echoed in error bodies as `documentation_url`. */
export const DOCS_URL = 'https://docs.example.invalid/rest/agents';
