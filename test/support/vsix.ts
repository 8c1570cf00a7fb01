// Packs the extension with vsce as `npm run package` does (from the bundles already built in dist/) into a folder
// of its own, and reads the names in the .vsix (a zip) from its central directory.
import { execFile } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { promisify } from 'node:util';

export const ROOT = path.resolve(__dirname, '..', '..', '..');

export interface Packed {
  file: string;
  bytes: number;
  entries: string[];
  /** Everything vsce printed. */
  output: string;
}

export async function pack(): Promise<Packed> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vsix-'));
  const file = path.join(dir, 'agent-tasks.vsix');
  const vsce = path.join(ROOT, 'node_modules', '@vscode', 'vsce', 'vsce');
  // stdin closed: a question vsce asks (a missing repository, `*` activation) fails instead of waiting.
  const { stdout, stderr } = await promisify(execFile)(
    process.execPath,
    [vsce, 'package', '--no-dependencies', '--no-rewrite-relative-links', '--out', file],
    { cwd: ROOT, timeout: 120_000 },
  );
  const buf = fs.readFileSync(file);
  return { file, bytes: buf.length, entries: zipEntries(buf), output: `${stdout}\n${stderr}` };
}

/** Names in a zip's central directory. */
export function zipEntries(buf: Buffer): string[] {
  const eocd = buf.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  if (eocd < 0) throw new Error('not a zip file');
  const count = buf.readUInt16LE(eocd + 10);
  let p = buf.readUInt32LE(eocd + 16);
  const names: string[] = [];
  for (let i = 0; i < count; i++) {
    if (buf.readUInt32LE(p) !== 0x02014b50) throw new Error('bad zip central directory');
    const nameLen = buf.readUInt16LE(p + 28);
    const extraLen = buf.readUInt16LE(p + 30);
    const commentLen = buf.readUInt16LE(p + 32);
    names.push(buf.toString('utf8', p + 46, p + 46 + nameLen));
    p += 46 + nameLen + extraLen + commentLen;
  }
  return names;
}
