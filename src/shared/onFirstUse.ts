/**
 * What is made on first use (a module imported, then built): the first call starts it, every later call shares that
 * promise. A failure is not kept: the next call tries again, so one failed import or build does not leave a command or
 * a tool broken for the rest of the session.
 */
export function onFirstUse<T>(make: () => Promise<T>): () => Promise<T> {
  let made: Promise<T> | undefined;
  return () =>
    (made ??= make().catch((err: unknown) => {
      made = undefined;
      throw err;
    }));
}
