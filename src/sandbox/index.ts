// The sandbox library: a local implementation of the whole service (Area A and Area B) over node:http.
export { startSandbox, DEFAULT_STEP_MS } from './server';
export type { Sandbox, SandboxOptions } from './server';
export { demoWorld, DEMO_TOKENS, DEMO_USERS } from './demo-world';
export { WorldError } from './world';
export { parseWorld, validateWorld } from './world-check';
export type {
  WorldFile, WorldUser, WorldOrganization, WorldRepository, WorldInstallation, WorldToken, WorldTask, WorldSession,
} from './world';
export type { Stats } from './core';
export type { RateLimitOptions } from './http/ratelimit';
