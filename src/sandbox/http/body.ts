// Request bodies: bounded in size, parsed as JSON whatever the Content-Type says.
import type { IncomingMessage } from 'node:http';
import { HttpError } from './reply';

export const BODY_LIMIT = 1024 * 1024;

export class BodyTooLarge extends HttpError {
  constructor() {
    super(400, `Problems parsing JSON: the body is larger than ${BODY_LIMIT} bytes`, undefined, {
      connection: 'close',
    });
  }
}

export function readBody(req: IncomingMessage, limit = BODY_LIMIT): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const declared = Number(req.headers['content-length']);
    if (Number.isFinite(declared) && declared > limit) {
      req.resume();
      reject(new BodyTooLarge());
      return;
    }
    const chunks: Buffer[] = [];
    let size = 0;
    let done = false;
    req.on('data', (c: Buffer) => {
      if (done) return;
      size += c.length;
      if (size > limit) {
        done = true;
        reject(new BodyTooLarge());
        return;
      }
      chunks.push(c);
    });
    req.on('end', () => {
      if (!done) {
        done = true;
        resolve(Buffer.concat(chunks));
      }
    });
    const cut = (): void => {
      if (!done) {
        done = true;
        reject(new HttpError(400, 'Problems parsing JSON: the body was cut short'));
      }
    };
    req.on('error', cut);
    req.on('close', cut);
  });
}

/** Parses a JSON body; anything that is not JSON is 400 "Problems parsing JSON". */
export async function readJson(req: IncomingMessage): Promise<unknown> {
  const buf = await readBody(req);
  const text = buf.toString('utf8');
  if (text.trim() === '') throw new HttpError(400, 'Problems parsing JSON');
  try {
    return JSON.parse(text);
  } catch {
    throw new HttpError(400, 'Problems parsing JSON');
  }
}
