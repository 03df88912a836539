// "Find a state": every state of a diagram by the words a person reads on it, its parents first
// ('active › between beats › watching'), and the states a typed text matches, best first.
import type { DiagramModel } from './model';

export interface StateChoice {
  id: string;
  /** The state's name after its parents' names, as the boxes read. */
  label: string;
}

export function stateChoices(model: Pick<DiagramModel, 'nodes'>): StateChoice[] {
  const byId = new Map(model.nodes.map((n) => [n.id, n]));
  const label = (id: string): string => {
    const node = byId.get(id)!;
    return node.parent && byId.has(node.parent) ? `${label(node.parent)} › ${node.title}` : node.title;
  };
  return model.nodes.map((n) => ({ id: n.id, label: label(n.id) })).sort((a, b) => a.label.localeCompare(b.label));
}

const fold = (text: string) => text.toLowerCase().replace(/\s+/g, ' ').trim();

/**
 * The choices a text matches: the label typed exactly, then a state whose own name starts with the
 * text, then one whose name contains it, then any label containing it (a parent's name matches its
 * children too). Every word typed must appear; an empty text matches nothing.
 */
export function matchStates(choices: readonly StateChoice[], text: string): StateChoice[] {
  const query = fold(text);
  if (!query) return [];
  const words = query.split(' ');
  const rank = (c: StateChoice): number => {
    const label = fold(c.label);
    const own = fold(c.label.split(' › ').at(-1)!);
    if (label === query || own === query) return 0;
    if (own.startsWith(query)) return 1;
    if (own.includes(query)) return 2;
    return words.every((w) => label.includes(w)) ? 3 : -1;
  };
  return choices
    .map((c) => ({ c, r: rank(c) }))
    .filter(({ r }) => r >= 0)
    .sort((a, b) => a.r - b.r || a.c.label.length - b.c.label.length || a.c.label.localeCompare(b.c.label))
    .map(({ c }) => c);
}
