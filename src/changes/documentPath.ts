// The path of a diff document (`agent-tasks-change:`): the file's, for the tab's title and the language only — what is
// served is named by the document's query. A name from the agent's branch cannot make it another document: parts
// that would read as `.`, `..` or an empty part (an authority after `//`) are shown as `_`, and the scheme is ours
// whatever the name holds (`:`, `?`, `#` stay in the path). Pure: no `vscode`.

export function documentPath(path: string): string {
  return `/${path
    .split('/')
    .map(part => (part === '' || part === '.' || part === '..' ? '_' : part))
    .join('/')}`;
}
