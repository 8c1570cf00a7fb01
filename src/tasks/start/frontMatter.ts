// Markdown files with an optional YAML-like front matter (prompt files, custom agents). Pure: no `vscode`.

export interface FrontMatterDoc {
  fields: Record<string, string>;
  body: string;
}

/** Reads `key: value` lines of a leading `---` block; nested YAML is not needed for names and descriptions. */
export function parseFrontMatter(text: string): FrontMatterDoc {
  const m = /^\uFEFF?---\r?\n([\s\S]*?)\r?\n---[ \t]*(?:\r?\n|$)/.exec(text);
  if (!m) return { fields: {}, body: text };
  const fields: Record<string, string> = {};
  for (const line of m[1].split(/\r?\n/)) {
    const kv = /^([A-Za-z0-9_-]+)\s*:\s*(.*)$/.exec(line);
    if (kv) fields[kv[1]] = kv[2].trim().replace(/^(['"])(.*)\1$/, '$2');
  }
  return { fields, body: text.slice(m[0].length) };
}

/** `fix-tests.prompt.md` → `fix-tests`; `.github/agents/reviewer.agent.md` → `reviewer`. */
export function baseName(path: string, suffix: string): string {
  const file = path.split(/[\\/]/).pop() ?? path;
  return file.toLowerCase().endsWith(suffix) ? file.slice(0, -suffix.length) : file;
}

/** The prompt sent for a selection: the text, then where it is, so the agent knows where to look. */
export function selectionPrompt(
  text: string,
  relativePath: string,
  startLine: number,
  endLine: number,
  languageId?: string,
): string {
  const lines = startLine === endLine ? `line ${startLine}` : `lines ${startLine}–${endLine}`;
  const fence = text.includes('```') ? '~~~' : '```';
  return (
    `${fence}${languageId ?? ''}\n${text.replace(/\s+$/, '')}\n${fence}\n\n` +
    `Reference: \`${relativePath}\`, ${lines}.`
  );
}

/** Whether a prompt has several lines, which a one-line input box would flatten. */
export function isMultiLine(prompt: string): boolean {
  return /[\r\n]/.test(prompt);
}

/** A prompt of several lines with the user's optional instruction in front of it. */
export function withInstruction(prompt: string, instruction: string): string {
  const typed = instruction.trim();
  return typed ? `${typed}\n\n${prompt}` : prompt;
}
