// The rate limit as the service last told it, per token: once a token's limit is exhausted, requests with it fail
// here until the reset instead of spending a round trip on a certain 429.
import type { RateLimit } from './errors';
import { ApiError } from './errors';
import type { HeaderBag } from './headers';
import { readRateLimit } from './headers';

export class RateGate {
  /** Per token identity: when an exhausted rate limit resets. */
  private readonly exhausted = new Map<string, { until: number; rateLimit: RateLimit }>();
  /** The rate limit of the last answer that carried one, whichever token it was for. */
  last: RateLimit | undefined;

  /** Throws a 429 ApiError, without sending, while the token's limit is known to be exhausted. */
  failFast(tokenId: string, method: string, path: string): void {
    const block = this.exhausted.get(tokenId);
    if (!block) return;
    const wait = block.until - Date.now();
    if (wait <= 0) {
      this.exhausted.delete(tokenId);
      return;
    }
    throw new ApiError({
      status: 429,
      kind: 'rate_limited',
      method,
      path,
      retryAfterMs: wait,
      rateLimit: block.rateLimit,
      message: `Rate limit exhausted until ${new Date(block.until).toISOString()}; not sent`,
    });
  }

  /** Reads an answer's rate-limit headers and remembers an exhausted limit until its reset. */
  note(
    tokenId: string,
    headers: HeaderBag,
    now: number,
    warn: (name: string, message: string) => void,
  ): RateLimit | undefined {
    const rl = readRateLimit(headers, now, warn);
    if (!rl) return undefined;
    this.last = rl;
    if (rl.remaining === 0 && rl.reset && rl.reset.getTime() > Date.now()) {
      this.exhausted.set(tokenId, { until: rl.reset.getTime(), rateLimit: rl });
    } else if (rl.remaining !== undefined && rl.remaining > 0) {
      this.exhausted.delete(tokenId);
    }
    return rl;
  }
}
