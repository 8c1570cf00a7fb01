// What the integration suite cannot do from inside the extension host, done on the browser page for it: the window's
// focus (the workbench reads the page's `document.hasFocus()` when the window blurs or its visibility changes), the
// system's answer to notifications, and the record of every `new Notification(...)` made in any frame of the page
// (webview frames included), with clicks on them. The suite asks by a console line, `[[agent-tasks-driver]] {json}`;
// every record and every answer is a JSON line in `file`, whose path reaches the suite as AGENT_TASKS_DRIVER_FILE.
/* global Document, Event, EventTarget */
import fs from 'node:fs';

const ASK = /\[\[agent-tasks-driver\]\] (\{.*\})/;

/** Runs in every frame before its own scripts: `Notification` recorded (the system's answer is ours to set). */
function recorder() {
  if (window.__atRecorder) return;
  window.__atRecorder = true;
  const made = (window.__atMade = []);
  const report = record => window.__atReport?.(record);
  class RecordedNotification extends EventTarget {
    constructor(title, options = {}) {
      super();
      this.title = String(title);
      this.body = String(options.body ?? '');
      this.onclick = null;
      report({ kind: 'notification', title: this.title, body: this.body, index: made.push(this) - 1 });
    }
    close() {
      this.closed = true;
    }
    static get permission() {
      return window.__atPermission || 'granted';
    }
    static async requestPermission() {
      return RecordedNotification.permission;
    }
  }
  Object.defineProperty(window, 'Notification', { value: RecordedNotification, configurable: true, writable: true });
  const focus = window.focus.bind(window);
  window.focus = () => {
    report({ kind: 'focus', top: window === window.top });
    focus();
  };
  if (window === window.top) {
    const hasFocus = Document.prototype.hasFocus;
    Document.prototype.hasFocus = function () {
      return window.__atBlurred ? false : hasFocus.call(this);
    };
  }
}

/** Installs the recorder on `page` (before it loads) and returns the handler of the suite's console lines. */
export async function driveNotifications(page, file) {
  fs.writeFileSync(file, '');
  const write = record => fs.appendFileSync(file, JSON.stringify(record) + '\n');
  /** The frame each notification was made in, by its place in the record. */
  const made = [];
  await page.exposeBinding('__atReport', ({ frame }, record) => {
    if (record.kind === 'notification') {
      made.push({ frame, index: record.index });
      write({ ...record, n: made.length - 1, frameUrl: frame.url() });
    } else write({ ...record, frameUrl: frame.url() });
  });
  await page.addInitScript(recorder);
  const everyFrame = (fn, arg) => Promise.all(page.frames().map(f => f.evaluate(fn, arg).catch(() => undefined)));
  const ops = {
    async blur() {
      await page.evaluate(() => {
        window.__atBlurred = true;
        window.dispatchEvent(new Event('blur'));
        document.dispatchEvent(new Event('visibilitychange'));
      });
    },
    async focus() {
      await page.evaluate(() => {
        window.__atBlurred = false;
        window.dispatchEvent(new Event('focus'));
        document.dispatchEvent(new Event('visibilitychange'));
      });
    },
    async permission({ mode }) {
      await page.addInitScript(m => (window.__atPermission = m), mode);
      await everyFrame(m => (window.__atPermission = m), mode);
    },
    async click({ n }) {
      const { frame, index } = made[n];
      await frame.evaluate(i => {
        const notification = window.__atMade[i];
        const event = new Event('click');
        notification.onclick?.(event);
        notification.dispatchEvent(event);
      }, index);
    },
    /** What the frame of notification `n` shows: its text, and the elements of its list of what was told. */
    async dom({ n }) {
      const { frame } = made[n];
      return frame.evaluate(() => ({
        text: document.body.innerText,
        elements: [...document.querySelectorAll('#told *')].map(e => e.tagName),
      }));
    },
  };
  return line => {
    const m = ASK.exec(line);
    if (!m) return;
    const ask = JSON.parse(m[1]);
    Promise.resolve(ops[ask.op]?.(ask))
      .then(answer => write({ kind: 'done', id: ask.id, op: ask.op, answer }))
      .catch(e => write({ kind: 'done', id: ask.id, op: ask.op, error: String(e) }));
  };
}
