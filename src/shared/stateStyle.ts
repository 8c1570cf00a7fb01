import * as vscode from 'vscode';
import { stateStyle, type StateStyle } from './taskState';

export { stateLabel } from './taskState';

// Theme icons are immutable: one per state, made once and handed to every row.
const icons = new Map<StateStyle, vscode.ThemeIcon>();

/** The theme icon of a state's style (the picture of a task carries the style). */
export function styleIcon(style: StateStyle): vscode.ThemeIcon {
  let icon = icons.get(style);
  if (!icon) {
    icon = new vscode.ThemeIcon(style.icon, style.color ? new vscode.ThemeColor(style.color) : undefined);
    icons.set(style, icon);
  }
  return icon;
}

export function stateIcon(state: string): vscode.ThemeIcon {
  return styleIcon(stateStyle(state));
}
