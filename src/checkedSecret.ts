// The window's secret box that stays open while what was typed is checked (`Ui.secret` with `accept`).
import * as vscode from 'vscode';

/**
 * A secret's box that stays open while what was typed is checked and when it is refused, saying why (`Ui.secret`
 * with `accept`). Opened with the same options as every secret's box: masked.
 */
export function checkedSecret(
  /** The options every secret's box is opened with (`inputBoxOptions`): masked. */
  o: vscode.InputBoxOptions,
  validate: (value: string) => string | undefined,
  accept: (value: string) => Promise<string | undefined>,
): Promise<string | undefined> {
  return new Promise(resolve => {
    const box = vscode.window.createInputBox();
    box.title = o.title;
    box.prompt = o.prompt;
    box.password = o.password === true;
    box.ignoreFocusOut = o.ignoreFocusOut === true;
    let done = false;
    let checking = false;
    box.onDidChangeValue(v => {
      if (!checking) box.validationMessage = validate(v);
    });
    box.onDidAccept(async () => {
      if (checking) return;
      const value = box.value;
      const invalid = validate(value);
      if (invalid !== undefined) {
        box.validationMessage = invalid;
        return;
      }
      checking = true;
      box.busy = true;
      box.enabled = false;
      let refused: string | undefined;
      try {
        refused = await accept(value);
      } catch (e) {
        refused = e instanceof Error ? e.message : String(e);
      } finally {
        checking = false;
        box.busy = false;
        box.enabled = true;
      }
      if (refused !== undefined) {
        box.validationMessage = { message: refused, severity: vscode.InputBoxValidationSeverity.Error };
        return;
      }
      done = true;
      resolve(value);
      box.hide();
    });
    box.onDidHide(() => {
      if (!done) resolve(undefined);
      box.dispose();
    });
    box.show();
  });
}
