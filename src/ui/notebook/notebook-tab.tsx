// The user edit screen's Notebook tab: notification setting, version, note templates, notebook tags.
export function NotebookTab(_: { userId: number }) {
  return null;
}
