import * as vscode from 'vscode';
import { STATE_KEYS } from '../../ids';
import { baseName, parseFrontMatter, selectionPrompt } from './frontMatter';

export interface PromptFile {
  uri: vscode.Uri;
  name: string;
  description?: string;
}

export interface CustomAgent {
  name: string;
  description?: string;
}

const MAX_RECENT = 10;
const decoder = new TextDecoder();

/** The editor's selection as a prompt, with the file (relative to its repository or workspace) and lines. */
export function promptFromSelection(editor: vscode.TextEditor, repoRoot?: vscode.Uri): string | undefined {
  const sel = editor.selection;
  const text = editor.document.getText(sel);
  if (!text.trim()) return undefined;
  const uri = editor.document.uri;
  let rel = vscode.workspace.asRelativePath(uri, false);
  if (repoRoot && uri.path.startsWith(repoRoot.path.replace(/\/?$/, '/')))
    rel = uri.path.slice(repoRoot.path.replace(/\/?$/, '/').length);
  const endLine = selectionEndLine(sel);
  return selectionPrompt(text, rel, sel.start.line + 1, endLine, editor.document.languageId);
}

/** The last line a selection covers, 1-based: a selection ending at a line's start does not take that line. */
function selectionEndLine(sel: vscode.Selection): number {
  return sel.end.character === 0 && sel.end.line > sel.start.line ? sel.end.line : sel.end.line + 1;
}

/** How many lines a selection covers, as its prompt says them ("lines 3-6" is 4). */
export function selectedLineCount(sel: vscode.Selection): number {
  return selectionEndLine(sel) - sel.start.line;
}

export async function findPromptFiles(): Promise<PromptFile[]> {
  const uris = await vscode.workspace.findFiles('**/*.prompt.md', '**/node_modules/**', 200);
  const files = await Promise.all(
    uris.map(async uri => {
      const { fields } = parseFrontMatter(await readText(uri).catch(() => ''));
      return { uri, name: fields.name || baseName(uri.path, '.prompt.md'), description: fields.description };
    }),
  );
  return files.sort((a, b) => a.name.localeCompare(b.name));
}

/** A prompt file's text without its front matter. */
export async function readPromptFile(uri: vscode.Uri): Promise<string> {
  return parseFrontMatter(await readText(uri)).body.trim();
}

/** Custom agents defined in the repository's `.github/agents/*.agent.md`. */
export async function findCustomAgents(root?: vscode.Uri): Promise<CustomAgent[]> {
  const pattern = root ? new vscode.RelativePattern(root, '.github/agents/*.agent.md') : '**/.github/agents/*.agent.md';
  const uris = await vscode.workspace.findFiles(pattern, '**/node_modules/**', 100);
  const agents = await Promise.all(
    uris.map(async uri => {
      const { fields } = parseFrontMatter(await readText(uri).catch(() => ''));
      return { name: baseName(uri.path, '.agent.md'), description: fields.description || fields.name };
    }),
  );
  return agents.sort((a, b) => a.name.localeCompare(b.name));
}

async function readText(uri: vscode.Uri): Promise<string> {
  return decoder.decode(await vscode.workspace.fs.readFile(uri));
}

/** The last prompts sent, newest first (kept in globalState; prompts are not secrets). */
export class RecentPrompts {
  constructor(private readonly state: vscode.Memento) {}

  all(): string[] {
    const v = this.state.get<string[]>(STATE_KEYS.recentPrompts, []);
    return Array.isArray(v) ? v.filter(p => typeof p === 'string') : [];
  }

  async add(prompt: string): Promise<void> {
    const next = [prompt, ...this.all().filter(p => p !== prompt)].slice(0, MAX_RECENT);
    await this.state.update(STATE_KEYS.recentPrompts, next);
  }
}
