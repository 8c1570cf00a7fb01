// The task page's only script. It sends which button was pressed, as {command: <the button's data-action>} (and, for
// a changed file's name, {command, file: <its place in the list>}; for another attempt of the set, {command:
// 'openSibling', sibling: <its place among the links>}), and
// keeps the scroll position across the page's redraws. It never builds markup: the extension renders the page.
(function () {
  'use strict';
  // eslint-disable-next-line no-undef
  const vscode = acquireVsCodeApi();

  document.addEventListener('click', event => {
    const target = event.target;
    // Another attempt of the set: its place among the page's sibling links; the extension knows which task that is.
    const sibling = target instanceof Element ? target.closest('button[data-sibling]') : null;
    if (sibling)
      return void vscode.postMessage({ command: 'openSibling', sibling: Number(sibling.getAttribute('data-sibling')) });
    const button = target instanceof Element ? target.closest('button[data-action]') : null;
    if (!button || button.disabled) return;
    const file = button.getAttribute('data-file');
    // A changed file's button names its place in the page's list; the extension knows which file that is.
    if (file !== null) vscode.postMessage({ command: button.getAttribute('data-action'), file: Number(file) });
    else vscode.postMessage({ command: button.getAttribute('data-action') });
  });

  // Each refresh replaces the document; the webview's state outlives it, so the reader stays where they were.
  const saved = vscode.getState();
  if (saved && typeof saved.scrollY === 'number') window.scrollTo(0, saved.scrollY);
  let queued = false;
  window.addEventListener('scroll', () => {
    if (queued) return;
    queued = true;
    window.requestAnimationFrame(() => {
      queued = false;
      vscode.setState({ scrollY: window.scrollY });
    });
  });
})();
