// The part of the API module this view uses, described structurally so that the pure parts and their plain-Node
// tests need neither `vscode` nor the API module's runtime (the extension loads that lazily through `Clients`).
import type { Installation, InstallationList, Repository, RepositoryList } from '../api/types';
import type { TokenKind } from '../ids';

export type { Installation, Repository };

export interface PageParams {
  per_page?: number;
  page?: number;
}

export interface InstallationsApi {
  listInstallationRepos(params?: PageParams): Promise<RepositoryList>;
  revokeInstallationToken(): Promise<void>;
  listUserInstallations(params?: PageParams): Promise<InstallationList>;
  listUserInstallationRepos(params: { installation_id: number } & PageParams): Promise<RepositoryList>;
  addRepoToInstallation(params: { installation_id: number; repository_id: number }): Promise<void>;
  removeRepoFromInstallation(params: { installation_id: number; repository_id: number }): Promise<void>;
}

/** Where clients and tokens come from: `Clients` and `TokenStore` in the extension, plain objects in tests. */
export interface Access {
  has(kind: TokenKind): Promise<boolean>;
  client(kind: TokenKind): Promise<InstallationsApi>;
}

/** What this view reads from a failure. The API module's `ApiError` has this shape; other errors do not. */
export interface FailureFacts {
  /** HTTP status; 0 when no response came (network, timeout, refusal to send). */
  status: number;
  message: string;
  errors?: Array<{ code?: string; message?: string; field?: string; resource?: string }>;
}

/** Reads an `ApiError` by shape, since its class lives in a bundle this module must not load. */
export function failureFacts(e: unknown): FailureFacts | undefined {
  if (!(e instanceof Error) || e.name !== 'ApiError') return undefined;
  const status = (e as { status?: unknown }).status;
  if (typeof status !== 'number') return undefined;
  const errors = (e as { errors?: unknown }).errors;
  return { status, message: e.message, ...(Array.isArray(errors) ? { errors: errors as FailureFacts['errors'] } : {}) };
}
