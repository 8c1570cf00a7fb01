// `node dist/sandbox.js [--port N] [--host H] [--page-host H:P]... [--allow-origin ORIGIN]... [--world FILE]
// [--state FILE] [--reset] [--relive] [--step-ms N] [--rate-limit N] [--compact-bytes N]`.
// The bundle is a library too: requiring it runs nothing.
import * as fs from 'node:fs';
import { originOf } from './http/cors';
import { startSandbox } from './server';
import { WorldError, type WorldFile } from './world';
import { parseWorld } from './world-check';

export * from './index';

interface CliOptions {
  port: number;
  host: string;
  pageHosts: string[];
  allowOrigins: string[];
  world?: string;
  state?: string;
  reset?: boolean;
  relive?: boolean;
  stepMs?: number;
  rateLimit?: number;
  compactBytes?: number;
}

const USAGE =
  'usage: sandbox [--port N] [--host H] [--page-host H:P]... [--allow-origin ORIGIN]... [--world FILE] ' +
  '[--state FILE] [--reset] [--relive] [--step-ms N] [--rate-limit N] [--compact-bytes N]';

class UsageError extends Error {}

function intArg(flag: string, v: string | undefined, max: number): number {
  if (v === undefined || !/^\d+$/.test(v) || Number(v) > max)
    throw new UsageError(`${flag} needs an integer from 0 to ${max}`);
  return Number(v);
}

export function parseArgs(argv: string[]): CliOptions {
  const o: CliOptions = { port: 0, host: '127.0.0.1', pageHosts: [], allowOrigins: [] };
  for (let i = 0; i < argv.length; i++) {
    const [flag, inline] =
      argv[i].startsWith('--') && argv[i].includes('=') ? argv[i].split(/=(.*)/s, 2) : [argv[i], undefined];
    const value = (): string | undefined => inline ?? argv[++i];
    switch (flag) {
      case '--port':
        o.port = intArg(flag, value(), 65535);
        break;
      case '--host':
        o.host = value() ?? '';
        if (!o.host) throw new UsageError('--host needs a value');
        break;
      case '--page-host': {
        const h = value() ?? '';
        if (!/^[a-z0-9.-]+:\d{1,5}$|^\[[0-9a-f:.]+\]:\d{1,5}$/i.test(h))
          throw new UsageError('--page-host needs a host and port, e.g. 127.0.0.1:8080');
        o.pageHosts.push(h);
        break;
      }
      case '--allow-origin': {
        const origin = value() ?? '';
        if (!originOf(origin))
          throw new UsageError('--allow-origin needs an origin (scheme://host[:port]), e.g. https://editor.example');
        o.allowOrigins.push(origin);
        break;
      }
      case '--world':
        o.world = value();
        if (!o.world) throw new UsageError('--world needs a file');
        break;
      case '--state':
        o.state = value();
        if (!o.state) throw new UsageError('--state needs a file');
        break;
      case '--reset':
        if (inline !== undefined) throw new UsageError('--reset takes no value');
        o.reset = true;
        break;
      case '--relive':
        if (inline !== undefined) throw new UsageError('--relive takes no value');
        o.relive = true;
        break;
      case '--step-ms':
        o.stepMs = intArg(flag, value(), 86_400_000);
        break;
      case '--rate-limit':
        o.rateLimit = intArg(flag, value(), 1e9);
        break;
      case '--compact-bytes':
        o.compactBytes = intArg(flag, value(), 1e12);
        break;
      case '--help':
      case '-h':
        throw new UsageError('');
      default:
        throw new UsageError(`unknown argument ${JSON.stringify(argv[i])}`);
    }
  }
  return o;
}

function loadWorld(file: string): WorldFile {
  let text: string;
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch (e) {
    throw new WorldError(`${file}: cannot be read (${(e as NodeJS.ErrnoException).code ?? 'error'})`);
  }
  return parseWorld(text, file);
}

async function main(argv: string[]): Promise<void> {
  let o: CliOptions;
  try {
    o = parseArgs(argv);
  } catch (e) {
    process.stderr.write(`${(e as Error).message ? `${(e as Error).message}\n` : ''}${USAGE}\n`);
    process.exitCode = (e as Error).message ? 2 : 0;
    return;
  }
  try {
    const sandbox = await startSandbox({
      port: o.port,
      host: o.host,
      pageHosts: o.pageHosts,
      allowOrigins: o.allowOrigins,
      world: o.world ? loadWorld(o.world) : undefined,
      statePath: o.state,
      reset: o.reset,
      relive: o.relive,
      stepMs: o.stepMs,
      rateLimit: o.rateLimit !== undefined ? { limit: o.rateLimit } : undefined,
      compactBytes: o.compactBytes,
      onError: e => process.stderr.write(`sandbox: ${(e as Error)?.stack ?? String(e)}\n`),
      log: line => process.stderr.write(`sandbox: ${line}\n`),
    });
    process.stdout.write(`${sandbox.url}\n`);
    process.stdout.write(
      `serving ${o.world ? o.world : 'the demo world (tokens: docs/sandbox.md)'}` +
        `${o.state ? `, state in ${o.state}` : ''}${o.reset ? ' (reset to its start)' : ''}; ` +
        `control endpoints under ${sandbox.url}/_sandbox/\n`,
    );
    const stop = (): void => {
      void sandbox.close().then(() => process.exit(0));
    };
    process.once('SIGINT', stop);
    process.once('SIGTERM', stop);
  } catch (e) {
    const msg = e instanceof WorldError ? `invalid world: ${e.message}` : `cannot start: ${(e as Error).message}`;
    process.stderr.write(`sandbox: ${msg}\n`);
    process.exitCode = 1;
  }
}

if (require.main === module) void main(process.argv.slice(2));
