// What the runners of in-host suites share (test:integration, test:production): the workbench page that loads an
// extension under development with its tests and reports back, and the verdict on what the suite wrote.
import fs from 'node:fs';
import { exposeAutomationHooks, watchPage, workbenchUrl } from './lib.mjs';

/** Lines the workbench itself logs while starting (offline, no accounts), which say nothing about a suite. */
const WORKBENCH_NOISE =
  /^Canceled|ENOTFOUND|Timed out waiting for authentication provider|AgentHost|ChatModelSelection|AccountPolicyGate|Creating a socket|connection token|grace time|builtin extensions cache|Service Worker/;

/**
 * Opens the workbench on `folder` with `extensionDevelopmentPath` and `extensionTestsPath`; the suite's console
 * lines are printed (the workbench's start-up chatter only with VERBOSE=1), and `onExit(code, why)` is told when the
 * extension host has run the suite, or `timeoutMs` has passed (after `onTimeout(page)`, e.g. for a screenshot).
 */
export async function runSuitePage({ browser, server, prefix, timeoutMs, onTimeout, onExit, preparePage, ...where }) {
  const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  watchPage(page, prefix);
  // A runner's own hooks on the page before it loads; it may return a listener of the suite's console lines.
  const onLine = await preparePage?.(page);
  await exposeAutomationHooks(page, {
    onLog: (_type, line) => {
      onLine?.(line);
      if (process.env.VERBOSE || !WORKBENCH_NOISE.test(line)) console.log(line);
    },
    onExit: code => onExit(code, 'the extension host finished the suite'),
  });
  setTimeout(async () => {
    await onTimeout?.(page);
    onExit(1, `TIMEOUT after ${timeoutMs} ms`);
  }, timeoutMs).unref();
  // Bounded by the run's own timeout above: on a loaded machine the workbench's first load can take over 30 s.
  await page.goto(workbenchUrl(server, where), { timeout: timeoutMs });
  return page;
}

/**
 * The exit code alone is not trusted: a suite that loaded no tests, or died before reporting, also fails. Returns
 * the code and reason to report, and the suite's summary line ('' when it wrote none).
 */
export function suiteVerdict(code, why, resultFile) {
  const summary = fs.existsSync(resultFile) ? fs.readFileSync(resultFile, 'utf8').trim() : '';
  const m = /^(\d+) passed, (\d+) failed$/.exec(summary);
  if (code === 0 && !(m && Number(m[1]) > 0 && m[2] === '0')) {
    return {
      code: 1,
      why: why + (summary ? ` but the suite reported "${summary}"` : ' but the suite reported no result'),
      summary,
    };
  }
  return { code, why, summary };
}

/**
 * The run's `finish(code, why)`: it runs once, also on Ctrl-C or a kill. `end(code, why)` does the run's own
 * reporting and clean-up and returns the exit code; the run folder is then removed after a pass and kept (for its
 * logs) after a failure.
 */
export function finisher(prefix, runDir, end) {
  let finished = false;
  const finish = async (code, why) => {
    if (finished) return;
    finished = true;
    code = await end(code, why);
    if (code === 0) fs.rmSync(runDir, { recursive: true, force: true });
    else console.log(`[${prefix}] logs kept in ${runDir}`);
    process.exit(code);
  };
  process.on('SIGINT', () => finish(130, 'interrupted'));
  process.on('SIGTERM', () => finish(143, 'terminated'));
  return finish;
}
