// Reading the service's fields for the task page, and its one plain-text surface, the editor tab's title. Pure: no
// `vscode`. HTML is escaped in one place only, `forHtml` in src/safety/serviceText.ts.
import { showHidden } from '../safety/serviceText';

/**
 * A value from the service as text: strings as they are, numbers and booleans written out, anything else (null,
 * objects, arrays) as '' so a malformed field shows as missing rather than as "[object Object]".
 */
export function asText(value: unknown): string {
  if (typeof value === 'string') return value;
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '';
  if (typeof value === 'boolean' || typeof value === 'bigint') return String(value);
  return '';
}

/** Service text for the editor tab's title: hidden characters shown, one line, bounded, cut near a word's end. */
export function plainLine(value: unknown, max = 60): string {
  const line = showHidden(asText(value).replace(/[\r\n\t]+/g, ' ')).trim();
  // Short enough in UTF-16 units is short enough in characters: no need to split it (every tree row asks).
  if (line.length <= max) return line;
  const chars = [...line];
  if (chars.length <= max) return line;
  const cut = chars.slice(0, max - 1).join('');
  // At a word's end when one is near, so the title does not stop mid-word.
  const space = cut.lastIndexOf(' ');
  return `${(space > cut.length * 0.6 ? cut.slice(0, space) : cut).trimEnd()}…`;
}
