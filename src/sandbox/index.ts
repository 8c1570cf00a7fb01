// The sandbox library: a local implementation of the whole service (agent tasks and app installations) over node:http.
export { startSandbox, DEFAULT_STEP_MS } from './server';
export type { Sandbox, SandboxOptions } from './server';
export { demoWorld, DEMO_ATTEMPTS, DEMO_TOKENS, DEMO_USERS } from './demo-world';
export { modelFails } from './git/models';
export { WorldError } from './world';
// The first commit the sandbox gives a git repository of its world, as `git fast-import` input: a workspace made from
// it has the same history as the served repository without a network round trip (scripts/vscode/demo.mjs).
export { firstCommit as gitFirstCommit } from './git/commits';
export { parseWorld, validateWorld } from './world-check';
export type {
  WorldFile,
  WorldUser,
  WorldOrganization,
  WorldRepository,
  WorldInstallation,
  WorldToken,
  WorldTask,
  WorldSession,
  WorldGit,
  WorldCommit,
  WorldFileChange,
} from './world';
export type { Stats } from './core';
export type { RateLimitOptions } from './http/ratelimit';
