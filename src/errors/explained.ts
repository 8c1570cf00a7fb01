// A failure as the user is told it: the words and the way out. Shared by the explainers.
import type { TokenKind } from '../ids';

/**
 * The way out a message offers: set a token (of `tokenKind`), try again, fix the address, VS Code's network settings
 * (`setting`), or read the log.
 */
export type Remedy =
  'setToken' | 'retry' | 'openSettings' | 'networkSettings' | 'configureService' | 'showLog' | 'none';

export interface UserError {
  text: string;
  remedy: Remedy;
  /** With `setToken`: the kind to set. */
  tokenKind?: TokenKind;
  /** With `networkSettings`: the setting to open (e.g. `http.proxy`). */
  setting?: string;
  /** The HTTP status, when the service answered (0: no answer). */
  status?: number;
}
