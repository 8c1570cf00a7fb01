// The path functions of src/env/host.ts for '/'-separated paths, as the browser has no `node:path`.
import type { HostPath } from '../host';

function normalize(p: string): string {
  if (p === '') return '.';
  const absolute = p.startsWith('/');
  const out: string[] = [];
  for (const part of p.split('/')) {
    if (part === '' || part === '.') continue;
    if (part === '..') {
      if (out.length > 0 && out[out.length - 1] !== '..') out.pop();
      else if (!absolute) out.push('..');
    } else out.push(part);
  }
  const joined = out.join('/');
  const trailing = p.endsWith('/') && joined !== '' ? '/' : '';
  return (absolute ? '/' : '') + (joined || (absolute ? '' : '.')) + (joined ? trailing : '');
}

export const posixPath: HostPath = {
  normalize,
  join: (...parts) => normalize(parts.filter(p => p !== '').join('/') || '.'),
  basename: p => p.replace(/\/+$/, '').split('/').pop() ?? '',
};
