import type * as vscode from 'vscode';

/** A component-tagged view of the one log channel. Never pass a token to it. */
export interface Log {
  trace(message: string): void;
  debug(message: string): void;
  info(message: string): void;
  warn(message: string): void;
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
    error: m => channel.error(typeof m === 'string' ? tag(m) : tag(m.message)),
    child: c => createLog(channel, c),
  };
}
