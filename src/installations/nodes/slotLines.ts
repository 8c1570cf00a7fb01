import type * as vscode from 'vscode';
import type { UserError } from '../../errors/userErrors';
import { COMMANDS, INSTALLATION_COMMANDS } from '../../ids';
import { explainSlotProblem, type InstallationsModel, type Slot, type SlotId } from '../model';
import { MessageNode } from '../../shared/messageNode';
import type { TreeNode } from '../../shared/treeNode';
import * as l10n from '@vscode/l10n';

/** What the Installations nodes draw from. */
export interface InstallationsContext {
  readonly model: InstallationsModel;
  /** Starts a load the tree needs, with the view's progress bar while it runs. */
  load(work: Promise<unknown>): void;
}

export interface SlotLines<T> {
  /** A stable key for the lines' ids, e.g. `installation:71`. */
  key: string;
  /** What the list holds, for "Loading repositories…". */
  what: string;
  empty: string;
  id: SlotId;
  start(): Promise<void>;
  node(item: T): TreeNode;
}

/**
 * The lines of one list: its problem (with the way out as its click), its items, "Load more…" when it was cut, or
 * why it is empty or still loading. An unloaded list starts loading; drawing never waits for it.
 */
export function slotLines<T>(ctx: InstallationsContext, slot: Slot<T>, o: SlotLines<T>): TreeNode[] {
  if (!slot.value && !slot.loading && !slot.problem) ctx.load(o.start());
  const out: TreeNode[] = [];
  if (slot.problem) out.push(problemNode(o.key, explainSlotProblem(slot.problem)));
  if (slot.value) {
    out.push(...slot.value.map(item => o.node(item)));
    if (slot.cut) out.push(loadMoreNode(o.key, o.id, slot));
    if (!slot.value.length && !slot.problem)
      out.push(new MessageNode(o.empty, 'info', undefined, undefined, `${o.key}:empty`));
  } else if (!slot.problem) {
    const text = slot.loading?.total
      ? l10n.t('Loading {0}… {1} of {2}', o.what, slot.loading.done, slot.loading.total)
      : l10n.t('Loading {0}…', o.what);
    out.push(new MessageNode(text, 'loading~spin', undefined, undefined, `${o.key}:loading`));
  }
  return out;
}

export function setTokenCommand(kind: string | undefined): vscode.Command {
  return { command: COMMANDS.setToken, title: l10n.t('Set Token…'), arguments: kind ? [kind] : [] };
}

function problemNode(key: string, p: UserError): MessageNode {
  const setsToken = p.remedy === 'setToken';
  const command = setsToken
    ? setTokenCommand(p.tokenKind)
    : { command: INSTALLATION_COMMANDS.refresh, title: l10n.t('Retry') };
  const hint = setsToken ? l10n.t(' (click to set the token)') : l10n.t(' (click to retry)');
  // The first sentence fits a tree line; the whole explanation is in the tooltip.
  const first = /^.+?[.!?](?=\s|$)/.exec(p.text)?.[0] ?? p.text;
  return new MessageNode(first, setsToken ? 'key' : 'error', command, p.text + hint, `${key}:problem`);
}

function loadMoreNode(key: string, id: SlotId, slot: Slot<unknown>): MessageNode {
  const shown = slot.value?.length ?? 0;
  const text = slot.total
    ? l10n.t('{0} of {1} shown. Load more…', shown, slot.total)
    : l10n.t('Only the first {0} are shown. Load more…', shown);
  const command = { command: INSTALLATION_COMMANDS.loadMore, title: l10n.t('Load More'), arguments: [id] };
  return new MessageNode(text, 'ellipsis', command, l10n.t('Click to read the next pages'), `${key}:more`);
}
