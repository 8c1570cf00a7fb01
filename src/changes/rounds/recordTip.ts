// When a continuation is started here, where its branch is then is recorded on its link: the end of the rounds before
// it, told exactly (roundEnds.ts checks it against the commits' times, in case the new round pushed first). No
// `vscode`.
import type { Log } from '../../log';

export interface TipLinks {
  list(): readonly { task: string; id: string; tip?: string }[];
  noteTip?(taskId: string, tip: string): Promise<void>;
}

export async function recordTip(
  changes: { tipNow(taskId: string): Promise<string | undefined> },
  links: TipLinks,
  taskId: string,
  log: Log,
): Promise<void> {
  const link = links.list().find(l => l.task === taskId);
  if (!link || link.tip !== undefined || !links.noteTip) return;
  try {
    const tip = await changes.tipNow(link.id);
    if (tip) await links.noteTip(taskId, tip);
  } catch (err) {
    log.warn(`branch tip for ${taskId}: ${err instanceof Error ? err.message : String(err)}`);
  }
}
