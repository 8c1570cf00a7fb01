// What a route hands back, and the error type routes throw; both turned into a response in one place.
import { DOCS_URL } from '../../api/protocol';
import type { ErrorBody } from '../../api/types';

export interface HttpReply {
  status: number;
  /** JSON text; absent for 204 and for HTML (see `html`). */
  json?: string;
  html?: string;
  headers?: Record<string, string>;
}

export type FieldError = NonNullable<ErrorBody['errors']>[number];

export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly errors?: FieldError[],
    readonly headers?: Record<string, string>,
  ) {
    super(message);
  }

  body(): string {
    const b: ErrorBody = { message: this.message, documentation_url: DOCS_URL };
    if (this.errors) b.errors = this.errors;
    return JSON.stringify(b);
  }
}

export const notFound = (): HttpError => new HttpError(404, 'Not Found');
export const forbidden = (message: string): HttpError => new HttpError(403, message);

export function invalid(errors: FieldError[]): HttpError {
  return new HttpError(422, 'Validation Failed', errors);
}

export function json(status: number, body: unknown): HttpReply {
  return { status, json: JSON.stringify(body) };
}

export const noContent = (): HttpReply => ({ status: 204 });
