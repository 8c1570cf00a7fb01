// What the runner tells the network suite about the configuration it set up (AGENT_TASKS_NETWORK, JSON).
import * as fs from 'node:fs';
import type { ProxySeen } from '../support/testProxy';

export interface NetworkCase {
  /** e.g. "http.proxy with a login". */
  name: string;
  /** The service's address: a name only the proxy resolves, over TLS. */
  service: string;
  /** A second service whose certificate comes from a root trusted nowhere, with that root's name; if tested here. */
  untrusted?: { url: string; root: string };
  /** Where the runner writes, one JSON line each, what the proxy was asked. */
  seenFile: string;
  /** Whether the proxy asks for a login (and the configuration gives it). */
  login: boolean;
}

export const CASE: NetworkCase = JSON.parse(process.env.AGENT_TASKS_NETWORK ?? '{}') as NetworkCase;

/** What the proxy has been asked so far. */
export function proxySeen(): ProxySeen[] {
  if (!fs.existsSync(CASE.seenFile)) return [];
  return fs
    .readFileSync(CASE.seenFile, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map(l => JSON.parse(l) as ProxySeen);
}
