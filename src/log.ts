import type * as vscode from 'vscode';

/** A component-tagged view of the one log channel. Never pass a token to it. */
export interface Log {
  trace(message: string): void;
  debug(message: string): void;
  info(message: string): void;
  warn(message: string): void;
  /** An Error is written with its stack: what failed unexpectedly must be found in the log. */
  error(message: string | Error): void;
  child(component: string): Log;
}

export function createLog(channel: vscode.LogOutputChannel, component = 'extension'): Log {
  const tag = (m: string) => `[${component}] ${m}`;
  return {
    trace: m => channel.trace(tag(m)),
    debug: m => channel.debug(tag(m)),
    info: m => channel.info(tag(m)),
    warn: m => channel.warn(tag(m)),
    error: m => channel.error(tag(typeof m === 'string' ? m : (m.stack ?? `${m.name}: ${m.message}`))),
    child: c => createLog(channel, c),
  };
}
