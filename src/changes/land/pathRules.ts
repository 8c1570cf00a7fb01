// Which paths of an agent's branch may be written, by git's own rules for a checkout on every file system it runs on
// (the rules of git's `verify_path` with both `core.protectNTFS` and `core.protectHFS` on, and those Git for Windows
// adds): whatever platform this runs on, a path that some system would read as `.git`, as a path outside the
// repository or as another file is refused. `foldKey` says which names one file system can hold apart and another
// cannot. Pure: no `vscode`, no file system.
import * as l10n from '@vscode/l10n';

export const MODE_LINK = '120000';
export const MODE_TREE = '040000';
export const MODE_GITLINK = '160000';

/** Code points HFS+ ignores in names: `.g\u200cit` is `.git` on a Mac. */
const HFS_IGNORED = /[\u200c-\u200f\u202a-\u202e\u206a-\u206f\ufeff]/g;
/** Characters Windows refuses in a file name (controls too); `:` would name a drive or an NTFS stream. */
// eslint-disable-next-line no-control-regex -- control characters are what is looked for
const WIN_FORBIDDEN = /[<>:"|?*\u0001-\u001f]/;
/** Device names Windows reserves, with or without an extension: `aux.c` opens the device. */
const WIN_DEVICE = /^(con|prn|aux|nul|com[1-9\u00b9\u00b2\u00b3]|lpt[1-9\u00b9\u00b2\u00b3]|conin\$|conout\$)(\.|$| )/i;

/** `name` with what NTFS drops at its end (spaces and dots) and the stream part (`:…`) taken off. */
function ntfsBase(name: string): string {
  const colon = name.indexOf(':');
  return (colon >= 0 ? name.slice(0, colon) : name).replace(/[ .]+$/, '');
}

/** Whether one part of a path is `.git` to some file system: any case, HFS-ignorable code points, NTFS forms. */
export function isDotGit(part: string): boolean {
  if (part.replace(HFS_IGNORED, '').toLowerCase() === '.git') return true;
  const base = ntfsBase(part).toLowerCase();
  return base === '.git' || base === 'git~1';
}

/**
 * Whether `part` is, to some file system, the special file `.{name}` (`gitmodules`…): its NTFS short names are the
 * first six letters and `~1`…`~4`, or, when those are taken, up to six letters of a hash and `~` and a number, eight
 * characters in all.
 */
function isDotFile(part: string, name: string, hashPrefix: string): boolean {
  if (part.replace(HFS_IGNORED, '').toLowerCase() === `.${name}`) return true;
  const base = ntfsBase(part).toLowerCase();
  if (base === `.${name}`) return true;
  if (base.length !== 8) return false;
  if (base.startsWith(`${name.slice(0, 6)}~`) && /^[1-4]$/.test(base[7])) return true;
  const tilde = base.indexOf('~');
  if (tilde < 0 || tilde > 6 || !/^[1-9][0-9]*$/.test(base.slice(tilde + 1))) return false;
  return base.slice(0, tilde) === hashPrefix.slice(0, tilde);
}

/** The files git reads from the working tree for itself; a symbolic link in their place is refused. */
const GIT_FILES: ReadonlyArray<[string, string]> = [
  ['gitmodules', 'gi7eba'],
  ['gitattributes', 'gi7d29'],
  ['gitignore', 'gi250a'],
  ['mailmap', 'maba30'],
];

/**
 * Why `path` (as git spells it, `/` between parts) must not be written, or undefined. `mode`: its git mode (a link's
 * name is held to more rules). `portable`: also refuse what only Windows refuses (device names, characters, a name
 * ending in a dot or a space), for the paths a change writes; a tree's other paths are held to the rules that keep
 * writes inside the repository.
 */
export function pathProblem(path: string, mode = '100644', portable = true): string | undefined {
  if (path.length === 0 || path.includes('\0')) return l10n.t('it is empty or holds a NUL character');
  if (path.startsWith('/') || /^[A-Za-z]:/.test(path)) return l10n.t('it is an absolute path');
  if (path.includes('\\')) return l10n.t('it holds a backslash, which Windows reads as a folder separator');
  const parts = path.split('/');
  for (const part of parts)
    if (part === '' || part === '.' || part === '..') return l10n.t('it has an empty, “.” or “..” part');
  for (const part of parts)
    if (isDotGit(part))
      return l10n.t('it is inside .git to some file system (a case, an NTFS short or stream name, or HFS)');
  if (mode === MODE_LINK) {
    const last = parts[parts.length - 1];
    const special = GIT_FILES.find(([name, prefix]) => isDotFile(last, name, prefix));
    if (special) return l10n.t('it is a symbolic link in place of git’s own file .{0}', special[0]);
  }
  if (!portable) return undefined;
  for (const part of parts) {
    if (part.includes(':')) return l10n.t('it holds a colon, which Windows reads as a drive or a stream name');
    if (WIN_FORBIDDEN.test(part)) return l10n.t('it holds a character Windows does not allow in file names');
    if (/[ .]$/.test(part)) return l10n.t('a part of it ends in a dot or a space, which Windows drops');
    const device = WIN_DEVICE.exec(part);
    if (device) return l10n.t('a part of it is {0}, a device name Windows reserves', device[1].toUpperCase());
  }
  return undefined;
}

/**
 * The same key for two names that a case-insensitive or normalising file system (Windows, macOS) takes for one
 * file: case folded, Unicode composed, HFS-ignorable code points and NTFS's trailing dots and spaces dropped.
 */
export function foldKey(path: string): string {
  return path
    .split('/')
    .map(part => ntfsBase(part.replace(HFS_IGNORED, '')).normalize('NFC').toUpperCase().toLowerCase())
    .join('/');
}

/** The folders above `path`: `a/b/c` gives `a` and `a/b`. */
export function parentsOf(path: string): string[] {
  const out: string[] = [];
  for (let i = path.indexOf('/'); i >= 0; i = path.indexOf('/', i + 1)) out.push(path.slice(0, i));
  return out;
}
