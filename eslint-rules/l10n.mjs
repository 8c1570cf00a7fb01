// A local ESLint plugin: words the user reads go through l10n (`vscode.l10n.t`, or `l10n.t` from '@vscode/l10n' where
// a module cannot import `vscode`), so `npm run l10n` exports them to l10n/bundle.l10n.json for translators. The rule
// flags a string or template literal with words in it that reaches a place the user reads it:
//   - the arguments of `window.show{Information,Warning,Error}Message` and of the `Ui` seam (src/ui.ts);
//   - `label`, `description`, `tooltip`, `placeholder`/`placeHolder`, `title`, `detail`, `prompt`, `text`, `message`,
//     `invocationMessage` and `pastTenseMessage`, as object properties, assigned (a StatusBarItem's text, a view's
//     message, a TreeItem's description) or as the name of a variable that holds it (`const label = …`);
//   - `new TreeItem(…)`'s label.
// A literal without letters (punctuation, `$(codicon)` names, an empty string) passes, and so does anything that is
// not a literal: service text passed as data, a variable, a call to `l10n.t`. Words that are not the user's (a
// command id in a `title` of a non-UI object, say) take an `eslint-disable-next-line` comment saying why.

const PROPS = new Set([
  'label',
  'description',
  'tooltip',
  'placeholder',
  'placeHolder',
  'title',
  'detail',
  'prompt',
  'text',
  'message',
  'invocationMessage',
  'pastTenseMessage',
]);
const SHOW_MESSAGE = /^show(Information|Warning|Error)Message$/;
/** The `Ui` seam's methods whose string arguments are shown, and from which argument on. */
const UI_ARGS = { notify: 1, confirm: 0 };
/** `tell(ui, level, text, actions)`: the text is the third argument. */
const FUNCTION_ARGS = { tell: 2 };

function hasWords(text) {
  return /\p{L}/u.test(text.replace(/\$\([\w~-]+\)/g, ''));
}

/** The literals with words in them that this expression shows as they are. */
function bareTexts(node) {
  if (!node) return [];
  switch (node.type) {
    case 'Literal':
      return typeof node.value === 'string' && hasWords(node.value) ? [node] : [];
    case 'TemplateLiteral':
      return node.quasis.some(q => hasWords(q.value.cooked ?? q.value.raw))
        ? [node]
        : node.expressions.flatMap(bareTexts);
    case 'BinaryExpression': {
      if (node.operator !== '+') return [];
      const left = bareTexts(node.left);
      return left.length ? left : bareTexts(node.right);
    }
    case 'LogicalExpression':
      return [...bareTexts(node.left), ...bareTexts(node.right)];
    case 'ConditionalExpression':
      return [...bareTexts(node.consequent), ...bareTexts(node.alternate)];
    case 'TSAsExpression':
    case 'TSSatisfiesExpression':
    case 'TSNonNullExpression':
      return bareTexts(node.expression);
    default:
      return [];
  }
}

function propName(node) {
  if (node.computed) return node.key?.type === 'Literal' ? String(node.key.value) : undefined;
  const key = node.key ?? node.property;
  return key?.type === 'Identifier' ? key.name : key?.type === 'Literal' ? String(key.value) : undefined;
}

const rule = {
  meta: {
    type: 'problem',
    docs: { description: 'Words the user reads go through l10n.t, so the l10n bundle holds them' },
    schema: [],
    messages: {
      bare: 'User-facing text bypasses l10n ({{where}}): wrap it in l10n.t(…) with {0} placeholders for values.',
    },
  },
  create(context) {
    const report = (node, where) => {
      for (const bare of bareTexts(node)) context.report({ node: bare, messageId: 'bare', data: { where } });
    };
    return {
      Property(node) {
        const name = propName(node);
        if (name && PROPS.has(name) && node.parent.type === 'ObjectExpression') report(node.value, name);
      },
      VariableDeclarator(node) {
        if (node.id.type === 'Identifier' && PROPS.has(node.id.name)) report(node.init, `const ${node.id.name} =`);
      },
      AssignmentExpression(node) {
        if (node.left.type !== 'MemberExpression' || node.left.computed) return;
        const name = node.left.property.type === 'Identifier' ? node.left.property.name : undefined;
        if (name && PROPS.has(name)) report(node.right, `.${name} =`);
      },
      NewExpression(node) {
        const callee = node.callee.type === 'MemberExpression' ? node.callee.property : node.callee;
        if (callee.type === 'Identifier' && callee.name === 'TreeItem') report(node.arguments[0], 'new TreeItem');
      },
      CallExpression(node) {
        const callee = node.callee;
        const name =
          callee.type === 'MemberExpression' && !callee.computed && callee.property.type === 'Identifier'
            ? callee.property.name
            : callee.type === 'Identifier'
              ? callee.name
              : undefined;
        if (!name) return;
        let from;
        if (SHOW_MESSAGE.test(name)) from = 0;
        else if (callee.type === 'MemberExpression' && Object.hasOwn(UI_ARGS, name)) from = UI_ARGS[name];
        else if (callee.type === 'Identifier' && Object.hasOwn(FUNCTION_ARGS, name)) from = FUNCTION_ARGS[name];
        if (from === undefined) return;
        for (const arg of node.arguments.slice(from)) report(arg, `${name}()`);
      },
    };
  },
};

export default { meta: { name: 'agent-tasks-l10n' }, rules: { 'no-bare-user-text': rule } };
