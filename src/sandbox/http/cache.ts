// Reads served from memory. A read is a function of the state, the credentials, the origin and the URL: while
// the state's version stands, the rendered body and its ETag are served again without filtering, joining or hashing.
import { createHash } from 'node:crypto';
import type { HttpReply } from './reply';
import type { Ctx } from './router';

const MAX_ENTRIES = 200;

/** Adds a strong ETag (a hash of the body) to a successful read. */
export function withEtag(reply: HttpReply): HttpReply {
  if (reply.status !== 200 || reply.json === undefined) return reply;
  return {
    ...reply,
    headers: { ...reply.headers, etag: `"${createHash('sha1').update(reply.json, 'utf8').digest('base64url')}"` },
  };
}

export async function cachedRead(
  ctx: Ctx,
  key: string,
  handler: (ctx: Ctx) => HttpReply | Promise<HttpReply>,
): Promise<HttpReply> {
  const st = ctx.core.state;
  const hit = st.responses.get(key);
  if (hit?.reply && hit.version === st.version) return hit.reply;
  const version = st.version;
  const reply = withEtag(await handler(ctx));
  // Filed only when nothing changed while the handler ran, and only on the second sight of a URL at this version:
  // keeping every one-off listing alive would cost more in garbage collection than it saves.
  if (reply.status !== 200 || st.version !== version || ctx.core.state !== st) return reply;
  if (st.responses.size >= MAX_ENTRIES) st.responses.clear();
  st.responses.set(key, { version, reply: hit && hit.version === version ? reply : undefined });
  return reply;
}
