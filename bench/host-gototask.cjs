// Runs inside the extension host (required by bench/host-probe.cjs): Go to Task with 2,000 tasks across 100
// repositories, against the same quick pick fed plain items; and the views while it is open.
const vscode = require('vscode');

const { plainPick, plainFilteringPick, countAssignments, differences, whenShown } = require('./host-quickpick.cjs');

const sandbox = () => process.env.AGENT_TASKS_SANDBOX_URL;

function median(xs) {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
}

/** Waits for `probe` to hold, looking again at each turn of the event loop (no timer granularity in the figure). */
async function until(probe, what, timeoutMs = 120_000, state = () => '') {
  const end = Date.now() + timeoutMs;
  for (;;) {
    if (await probe()) return;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}${state() && ` (${state()})`}`);
    await new Promise(r => setImmediate(r));
  }
}

/** The user's tasks as the service lists them (its task list), every page. */
async function myTasks() {
  const out = [];
  for (let page = 1; ; page++) {
    const r = await fetch(`${sandbox()}/agents/tasks?per_page=100&page=${page}`, {
      headers: { authorization: `Bearer ${process.env.AGENT_TASKS_BENCH_TOKEN}` },
    });
    const { tasks } = await r.json();
    out.push(...tasks);
    if (tasks.length < 100) return out;
  }
}

function timed(samples, cpu, fn) {
  return async () => {
    const c = process.cpuUsage();
    const t = performance.now();
    await fn();
    samples.push(performance.now() - t);
    const used = process.cpuUsage(c);
    cpu.push((used.user + used.system) / 1000);
  };
}

async function control(path, init) {
  const r = await fetch(`${sandbox()}${path}`, init);
  if (!r.ok) throw new Error(`${path}: ${r.status}`);
}

/**
 * Opens Go to Task and, while it says that a list was read in part (its last row reads further), does what that row
 * does, as a user choosing it would, until it holds `n` rows. Returns how many times it read further.
 */
async function holdEveryTask(api, n) {
  void vscode.commands.executeCommand('agentTasks.goToTask');
  const rows = () => api.quickPick()?.items ?? [];
  let more = 0;
  for (;;) {
    await until(
      () => rows().length >= n || (!api.quickPick()?.busy && rows().some(r => r.loadMore)),
      'Go to Task to hold every task or offer to read further',
      120_000,
      () => `it holds ${rows().length} rows for ${n} tasks`,
    );
    const row = rows().find(r => r.loadMore);
    if (!row) break;
    if (++more > 20) throw new Error(`Go to Task still offers to read further after ${more - 1} reads`);
    for (const key of row.loadMore) await vscode.commands.executeCommand('agentTasks.loadMoreTasks', key);
  }
  const shown = [...rows()];
  api.quickPick().hide();
  return { more, rows: shown };
}

/** Resolves once the extension host has been idle for half a second (timers firing on time, five in a row). */
async function quiet() {
  for (let calm = 0; calm < 5;) {
    const t = performance.now();
    await new Promise(r => setTimeout(r, 100));
    calm = performance.now() - t < 120 ? calm + 1 : 0;
  }
}

async function gototask(api, { rounds, profiled }) {
  const tasks = await myTasks();
  const n = tasks.length;
  // Every task of the user held before anything is timed: a list longer than the pages read at once is read further
  // through Go to Task's own row, as a user would.
  const { more: readFurther, rows: ourRows } = await holdEveryTask(api, n);
  // What reading further set going (both views drawn again) is over before anything is timed.
  await quiet();
  const s = {
    open: [],
    plain: [],
    rows: [],
    keystroke: [],
    plainKeystroke: [],
    flat: [],
    grouped: [],
    floor: [],
    change: [],
    same: [],
  };
  const cpu = { open: [], plain: [], rows: [] };
  // Each open is timed until the window shows the rows (see `shows`), and apart from that until the extension host
  // handed them over (`sent`: all the host's own work, VS Code's conversion of the rows included).
  s.sent = { open: [], plain: [], rows: [] };
  const assignments = countAssignments();
  s.assignments = [];
  const openOurs = timed(s.open, cpu.open, async () => {
    // The pick of the last open may still be the one the test surface holds (its closing is said by the window, later).
    const before = api.quickPick();
    const t = performance.now();
    const from = assignments.count;
    assignments.changes.length = 0;
    void vscode.commands.executeCommand('agentTasks.goToTask');
    const ours = () => (api.quickPick() !== before ? api.quickPick() : undefined);
    await until(() => (ours()?.items.length ?? 0) >= n, 'Go to Task to hold every task');
    s.sent.open.push(performance.now() - t);
    await whenShown(ours(), n, 'Go to Task to show every task');
    s.assignments.push(assignments.count - from);
  });
  const openPlain = timed(s.plain, cpu.plain, async () => {
    const t = performance.now();
    const qp = plainPick(tasks);
    s.sent.plain.push(performance.now() - t);
    await whenShown(qp, n, 'the plain pick');
    qp.hide();
    qp.dispose();
  });
  // VS Code's own share: the plain pick fed Go to Task's rows as they are (icons, buttons, longer descriptions).
  const openRows = timed(s.rows, cpu.rows, async () => {
    const t = performance.now();
    const qp = vscode.window.createQuickPick();
    qp.items = ourRows;
    qp.show();
    s.sent.rows.push(performance.now() - t);
    await whenShown(qp, n, 'the pick of our rows');
    qp.hide();
    qp.dispose();
  });
  // Under the profiler (bench/profile.mjs gototask): only our opens and keystrokes, back to back.
  if (profiled)
    await profiled(async () => {
      for (let i = 0; i < rounds; i++) {
        await openOurs();
        api.quickPick().hide();
      }
    });
  for (let i = 0; i < rounds; i++) {
    const order = ['ours', 'plain', 'rows'];
    for (let k = 0; k < i % order.length; k++) order.push(order.shift());
    for (const who of order) {
      if (who === 'plain') await openPlain();
      else if (who === 'rows') await openRows();
      else {
        await openOurs();
        // Every assignment while it opens: until the lists read at its opening are in (not timed).
        const from = assignments.count - s.assignments.at(-1);
        await until(() => !api.quickPick()?.busy, 'Go to Task to finish reading');
        s.assignmentsSettled = [...(s.assignmentsSettled ?? []), assignments.count - from];
        s.reassigned = [...(s.reassigned ?? []), ...assignments.changes.map(differences)];
        api.quickPick().hide();
      }
    }
  }
  // A keystroke: narrowed to what runs, through the workbench and back, and every row back; against a plain pick that
  // filters its plain items itself on the same round trip (the least a pick that narrows by state does).
  let keystrokeRows = 0;
  const keystroke = async (qp, value, into) => {
    await until(() => qp.items.length >= n, 'every row');
    let t = performance.now();
    qp.value = value;
    await until(() => qp.items.length < n, 'the rows narrowed');
    into.push(performance.now() - t);
    keystrokeRows = qp.items.length;
    t = performance.now();
    qp.value = '';
    await until(() => qp.items.length >= n, 'every row back');
    into.push(performance.now() - t);
  };
  for (let i = 0; i < rounds; i++) {
    for (const who of i % 2 ? ['plain', 'ours'] : ['ours', 'plain']) {
      if (who === 'ours') {
        void vscode.commands.executeCommand('agentTasks.goToTask');
        await until(() => (api.quickPick()?.items.length ?? 0) >= n, 'Go to Task');
        await keystroke(api.quickPick(), 'state:running', s.keystroke);
        api.quickPick().hide();
      } else {
        const qp = plainFilteringPick(tasks);
        await keystroke(qp, 'in_progress', s.plainKeystroke);
        qp.hide();
        qp.dispose();
      }
    }
  }
  // The views while it is open: My Tasks rebuilt, one list and grouped (every group expanded), against plain
  // TreeItems (grouped: under one plain item per repository), read the same way, rounds taking turns.
  const { readTree, plainProvider } = require('./host-tree.cjs');
  const rows = tree =>
    tree.reduce(
      (k, r) =>
        k +
        (r.children ? r.children.length : r.contextValue === 'task' || /^agentTask/.test(r.contextValue ?? '') ? 1 : 0),
      0,
    );
  const rebuild = async (grouped, into, floorInto) => {
    for (let i = 0; i < rounds; i++) {
      for (const who of i % 2 ? ['floor', 'ours'] : ['ours', 'floor']) {
        const t = performance.now();
        const tree =
          who === 'ours'
            ? await readTree(api.treeProvider('myTasks'), grouped ? 1 : 0)
            : await readTree(plainProvider(tasks, { grouped }), grouped ? 1 : 0);
        (who === 'ours' ? into : floorInto).push(performance.now() - t);
        if (rows(tree) < n)
          throw new Error(`${who} ${grouped ? 'grouped ' : ''}My Tasks holds ${rows(tree)} of ${n} tasks`);
      }
    }
  };
  await rebuild(false, s.flat, s.floor);
  await vscode.commands.executeCommand('agentTasks.myTasks.groupByRepository');
  s.groupedFloor = [];
  await rebuild(true, s.grouped, s.groupedFloor);
  const groups = await api.treeItems('myTasks');
  for (let i = 0; i < rounds; i++) {
    const id = tasks[(i * 37) % n].id;
    await control(`/_sandbox/tasks/${id}`, {
      method: 'PATCH',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ state: i % 2 ? 'completed' : 'failed' }),
    });
    let t = performance.now();
    await api.refresh();
    s.change.push(performance.now() - t);
    t = performance.now();
    await api.refresh();
    s.same.push(performance.now() - t);
  }
  const statusBar = api.statusBar();
  await vscode.commands.executeCommand('agentTasks.myTasks.groupByRepository.on');
  api.quickPick()?.hide();
  return {
    tasks: n,
    readFurther,
    repositories: new Set(tasks.map(t => t.repository?.id)).size,
    rounds,
    openMs: median(s.open),
    plainMs: median(s.plain),
    rowsMs: median(s.rows),
    sentMs: { open: median(s.sent.open), plain: median(s.sent.plain), rows: median(s.sent.rows) },
    assignments: Math.max(...s.assignments),
    assignmentsSettled: Math.max(...s.assignmentsSettled),
    cpuMs: { open: median(cpu.open), plain: median(cpu.plain), rows: median(cpu.rows) },
    keystrokeMs: median(s.keystroke),
    plainKeystrokeMs: median(s.plainKeystroke),
    keystrokeRows,
    flatMs: median(s.flat),
    groupedMs: median(s.grouped),
    floorMs: median(s.floor),
    groupedFloorMs: median(s.groupedFloor),
    groups: groups.filter(g => g.kind === 'repoGroup').length,
    unnamedGroups: groups.filter(g => g.kind === 'repoGroup' && /^repository /.test(g.label)).length,
    changeMs: median(s.change),
    sameMs: median(s.same),
    statusBar: statusBar.text ?? statusBar,
    samples: s,
    reassigned: s.reassigned,
  };
}

exports.gototask = gototask;
