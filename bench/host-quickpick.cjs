// Quick picks as the Go to Task bench sees them (required by bench/host-gototask.cjs, inside the extension host): the
// plain picks it is measured against, when the window shows a pick's rows, and how often a pick's rows are sent.
const vscode = require('vscode');
/** The least a quick pick over the same tasks takes: one plain item each, shown. */
function plainPick(tasks) {
  const qp = vscode.window.createQuickPick();
  qp.items = [...tasks]
    .sort((a, b) => (a.updated_at < b.updated_at ? 1 : -1))
    .map(t => ({ label: t.name, description: t.state }));
  qp.show();
  return qp;
}

/** The plain pick narrowing itself: on each value, the items whose label or state holds it. */
function plainFilteringPick(tasks) {
  const all = [...tasks]
    .sort((a, b) => (a.updated_at < b.updated_at ? 1 : -1))
    .map(t => ({ label: t.name, description: t.state, alwaysShow: true }));
  const qp = vscode.window.createQuickPick();
  qp.items = all;
  qp.onDidChangeValue(v => {
    const w = v.trim().toLowerCase();
    qp.items = w ? all.filter(i => i.description.includes(w) || i.label.toLowerCase().includes(w)) : all;
  });
  qp.show();
  return qp;
}

/**
 * Counts every assignment of a quick pick's `items` in this extension host (each is sent to the window whole and
 * redrawn there): the setter of VS Code's quick pick, wrapped once.
 */
function countAssignments() {
  const probe = vscode.window.createQuickPick();
  let proto = Object.getPrototypeOf(probe);
  while (proto && !Object.getOwnPropertyDescriptor(proto, 'items')) proto = Object.getPrototypeOf(proto);
  probe.dispose();
  const d = proto && Object.getOwnPropertyDescriptor(proto, 'items');
  if (!d?.set) throw new Error("the quick pick's items setter was not found");
  // `changes`: each assignment over rows already held (kept as they are; read by `differences`, after the timing).
  const counter = { count: 0, changes: [] };
  Object.defineProperty(proto, 'items', {
    ...d,
    set(v) {
      counter.count++;
      if (this.items.length) counter.changes.push({ was: this.items, now: v });
      if (counter.changes.length > 20) counter.changes.shift();
      d.set.call(this, v);
    },
  });
  return counter;
}

/** What an assignment changed: how many rows read otherwise, and the first of them, before and after. */
function differences({ was, now }) {
  const shown = r => r && JSON.stringify([r.label, r.description, r.detail, r.buttons?.length, r.iconPath?.id]);
  const differ = now.map((r, i) => [shown(was[i]), shown(r)]).filter(([a, b]) => a !== b);
  return { rows: now.length, was: was.length, differ: differ.length, first: differ[0] };
}

/**
 * Whether the window shows a pick's `n` rows: the extension host handed them over and the window, having drawn its
 * list, made a row the active one and said so back (onDidChangeActive reaches the host after the window handled the
 * rows). What the user waits for ends there, not when the host has sent the rows.
 */
const shows = (qp, n) => (qp?.items.length ?? 0) >= n && qp.activeItems.length > 0;

/**
 * Resolves once the window shows the pick's `n` rows, told by the pick's own event: the host idles meanwhile, as it
 * would while the user waits (looking again at every turn would take a core from the window drawing the rows).
 */
function whenShown(qp, n, what) {
  if (shows(qp, n)) return Promise.resolve();
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      sub.dispose();
      reject(new Error(`timed out waiting for ${what} (${qp.items.length} rows of ${n}, none active)`));
    }, 120_000);
    const sub = qp.onDidChangeActive(() => {
      if (!shows(qp, n)) return;
      clearTimeout(timer);
      sub.dispose();
      resolve();
    });
  });
}

module.exports = { plainPick, plainFilteringPick, countAssignments, differences, whenShown };
