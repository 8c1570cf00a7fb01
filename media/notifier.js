// The notifications tab's only script: it hands the extension's news to the operating system through the browser's
// `Notification` (the same in VS Code desktop and in a browser), says back whether it could, and on a click brings the
// window forward and asks for the task's page. Text only: it builds no markup from what it is sent (textContent).
(function () {
  'use strict';
  // eslint-disable-next-line no-undef
  const vscode = acquireVsCodeApi();
  const list = document.getElementById('told');
  const openLabel = document.body.getAttribute('data-open') || '';

  function permission() {
    return typeof Notification === 'undefined' ? 'unsupported' : Notification.permission;
  }

  async function allowed() {
    const now = permission();
    if (now !== 'default') return now;
    try {
      return await Notification.requestPermission();
    } catch {
      return 'denied';
    }
  }

  /** The row of the list of what was told: the words as text, and a button that opens the task's page. */
  function row(title, body, taskId) {
    const li = document.createElement('li');
    const words = document.createElement('span');
    words.textContent = `${title} — ${body.replace(/\n/g, ' · ')}`;
    const open = document.createElement('button');
    open.type = 'button';
    open.textContent = openLabel;
    open.addEventListener('click', () => vscode.postMessage({ type: 'open', taskId }));
    li.append(words, ' ', open);
    list.prepend(li);
    while (list.children.length > 20) list.lastElementChild.remove();
  }

  async function notify(m) {
    const title = String(m.title);
    const body = String(m.body);
    const taskId = String(m.taskId);
    row(title, body, taskId);
    const may = await allowed();
    if (may !== 'granted') return may === 'denied' ? 'denied' : 'unsupported';
    try {
      const n = new Notification(title, { body });
      n.addEventListener('click', () => {
        window.focus();
        n.close();
        vscode.postMessage({ type: 'open', taskId });
      });
      return 'shown';
    } catch {
      return 'unsupported';
    }
  }

  window.addEventListener('message', async event => {
    const m = event.data;
    if (!m || m.type !== 'notify' || typeof m.id !== 'number') return;
    vscode.postMessage({ type: 'result', id: m.id, result: await notify(m) });
  });
  vscode.postMessage({ type: 'ready', permission: permission() });
})();
