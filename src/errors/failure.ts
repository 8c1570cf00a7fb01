// The one reader of failures: what an `ApiError` says. Its class is one class wherever the API is loaded from (the
// extension is one build, split; scripts/build.mjs), so it is told apart by `instanceof`. Pure.
import { ApiError, type ApiErrorKind, type RateLimit } from '../api/errors';
import type { NetworkFault } from '../api/netFault';

export interface Failure {
  /** HTTP status; 0 when no response came (network, timeout, abort, refusal to send). */
  status: number;
  kind?: ApiErrorKind;
  message: string;
  errors?: Array<{ resource?: string; field?: string; code?: string; message?: string }>;
  retryAfterMs?: number;
  rateLimit?: RateLimit;
  network?: NetworkFault;
}

export function readFailure(e: unknown): Failure | undefined {
  if (!(e instanceof ApiError)) return undefined;
  const f = e as ApiError & Partial<Failure>;
  return {
    status: f.status,
    message: f.message,
    ...(typeof f.kind === 'string' ? { kind: f.kind } : {}),
    ...(Array.isArray(f.errors) ? { errors: f.errors } : {}),
    ...(typeof f.retryAfterMs === 'number' ? { retryAfterMs: f.retryAfterMs } : {}),
    ...(f.rateLimit ? { rateLimit: f.rateLimit } : {}),
    ...(f.network && typeof f.network.part === 'string' ? { network: f.network } : {}),
  };
}

/** The ApiError's status, or undefined for other errors. */
export function statusOf(e: unknown): number | undefined {
  return readFailure(e)?.status;
}

/** How long the service asked to wait after this failure (Retry-After, rate-limit reset), if it did. */
export function waitHintMs(e: unknown): number | undefined {
  return readFailure(e)?.retryAfterMs;
}

/** What the network layer said when no answer came (e.g. `connect ECONNREFUSED 127.0.0.1:9 (ECONNREFUSED)`). */
export function networkDetail(f: Failure): string {
  const i = f.message.indexOf(' failed: ');
  const said = i >= 0 ? f.message.slice(i + ' failed: '.length) : f.message;
  // "connect ECONNREFUSED 127.0.0.1:9 (ECONNREFUSED)": the code once is enough.
  const coded = / \(([A-Z][A-Z0-9_]+)\)$/.exec(said);
  return coded && said.slice(0, coded.index).includes(coded[1]) ? said.slice(0, coded.index) : said;
}
