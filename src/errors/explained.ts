// A failure as the user is told it: the words and the way out. Shared by the explainers.
import type { TokenKind } from '../ids';

/** The way out a message offers: set a token (of `tokenKind`), try again, fix the address, or read the log. */
export type Remedy = 'setToken' | 'retry' | 'openSettings' | 'configureService' | 'showLog' | 'none';

export interface UserError {
  text: string;
  remedy: Remedy;
  /** With `setToken`: the kind to set. */
  tokenKind?: TokenKind;
  /** The HTTP status, when the service answered (0: no answer). */
  status?: number;
}
