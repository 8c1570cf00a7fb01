// What the browser's build puts in place of a module only the Node host has (scripts/build.mjs): Node's own modules,
// undici's stack, the sandbox's server, a task's changes through git. The seam (src/env/host.ts) keeps every path that
// needs them closed in the browser; one left open fails here, in words, at the call.
const fail = (name: PropertyKey) => () => {
  throw new Error(`${String(name)} needs the Node extension host; it is not part of the browser build.`);
};

const absent = new Proxy<Record<PropertyKey, unknown>>(
  {},
  {
    get: (_, name) => (name === '__esModule' ? false : name === 'then' ? undefined : fail(name)),
  },
);

module.exports = absent;
