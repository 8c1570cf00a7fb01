// Runs inside the extension host (required by bench/host-probe.cjs): our extension signed in, its views open and
// filled with every task of the world (reading further where a view says its list was read in part), and what the
// host held at most meanwhile.
const vscode = require('vscode');

const OURS = 'agent-tasks.agent-tasks';
const sleep = ms => new Promise(r => setTimeout(r, ms));

async function until(probe, what, timeoutMs = 60_000, everyMs = 2) {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const v = await probe();
    if (v) return v;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await sleep(everyMs);
  }
}

const taskItems = async (api, view = 'repoTasks') => (await api.treeItems(view)).filter(i => i.kind === 'task');

async function setToken() {
  await vscode.commands.executeCommand('agentTasks.setToken', 'fine_grained', process.env.AGENT_TASKS_BENCH_TOKEN);
}

/** The most the host held while `fn` ran, sampled every 20 ms: what its memory grows to, whatever it gives back. */
async function peakOf(fn) {
  const v8 = require('node:v8');
  const peak = { rssMB: 0, heapUsedMB: 0, heapTotalMB: 0, oldSpaceMB: 0, newSpaceMB: 0 };
  const look = () => {
    const m = process.memoryUsage();
    peak.rssMB = Math.max(peak.rssMB, m.rss / 2 ** 20);
    peak.heapUsedMB = Math.max(peak.heapUsedMB, m.heapUsed / 2 ** 20);
    peak.heapTotalMB = Math.max(peak.heapTotalMB, m.heapTotal / 2 ** 20);
    for (const sp of v8.getHeapSpaceStatistics()) {
      if (sp.space_name === 'old_space') peak.oldSpaceMB = Math.max(peak.oldSpaceMB, sp.space_size / 2 ** 20);
      if (sp.space_name === 'new_space') peak.newSpaceMB = Math.max(peak.newSpaceMB, sp.space_size / 2 ** 20);
    }
  };
  const timer = setInterval(look, 20);
  try {
    const value = await fn();
    look();
    return { value, peak };
  } finally {
    clearInterval(timer);
  }
}

/**
 * A view's rows as VS Code reads its root, counted without making any row's item; and the "Load more…" row's command
 * when the view says its list was read in part.
 */
async function taskRows(api, view) {
  const provider = api.treeProvider?.(view);
  if (!provider) return { tasks: (await taskItems(api, view)).length };
  const roots = (await provider.getChildren()) ?? [];
  let more;
  for (const n of roots) {
    if (n.kind === 'task') continue;
    const command = (await provider.getTreeItem(n)).command;
    if (command?.command === 'agentTasks.loadMoreTasks') more = command;
  }
  return { tasks: roots.filter(n => n.kind === 'task').length, more };
}

/**
 * Waits until each view holds its count (`expect`: a number for both, or `{ repoTasks, myTasks }`), choosing a
 * view's "Load more…" row when it says its list was read in part, as a user wanting every task would. Returns how
 * many times each view read further.
 */
async function fill(api, expect, views = ['repoTasks', 'myTasks']) {
  const want = v => (typeof expect === 'number' ? expect : expect[v]);
  const readMore = Object.fromEntries(views.map(v => [v, 0]));
  // While they fill, the probe counts each view's rows as VS Code reads the root, without making the rows' items
  // (reading 2,000 items every look was the probe's own garbage, counted as the extension's); once both hold every
  // task, one read of every item as VS Code sees it confirms it.
  await until(
    async () => {
      let done = true;
      for (const v of views) {
        const { tasks, more } = await taskRows(api, v);
        if (tasks >= want(v)) continue;
        done = false;
        if (more) {
          readMore[v]++;
          await vscode.commands.executeCommand(more.command, ...(more.arguments ?? []));
        }
      }
      return done;
    },
    `${JSON.stringify(expect)} tasks in ${views.join(' and ')}`,
    300_000,
    500,
  );
  for (const view of views) {
    const n = (await taskItems(api, view)).length;
    if (n < want(view)) throw new Error(`${view} holds ${n} task items for ${want(view)} tasks`);
  }
  return readMore;
}

/** Waits until the extension, activated in a window whose SecretStorage holds the token, is signed in. */
async function signedIn(api) {
  const end = Date.now() + 30_000;
  while (!api.context?.()['agentTasks.hasToken'] && Date.now() < end) await sleep(50);
  if (api.context?.()['agentTasks.hasToken']) return false;
  await setToken();
  return true;
}

/**
 * Our extension with the big world: both views open and filled. `signedIn`: the token is in SecretStorage already
 * (a first window stored it), so the window starts signed in, as a user's does; setting it again would make the
 * extension start over and load every list twice. Signed out (the step-by-step window), the token is set here.
 */
async function loaded(expect, { signedIn: stored = true } = {}) {
  const api = await vscode.extensions.getExtension(OURS).activate();
  let tokenSet = true;
  if (stored) tokenSet = await signedIn(api);
  else await setToken();
  await vscode.commands.executeCommand('agentTasks.repoTasks.focus');
  await vscode.commands.executeCommand('agentTasks.myTasks.focus');
  loaded.readMore = await fill(api, expect);
  loaded.tokenSet = tokenSet;
  return api;
}

module.exports = { peakOf, fill, signedIn, loaded, setToken, taskItems, until };
