// Colours of the workflow diagram. On the page they are the theme's tokens; in exported files
// (SVG, PNG, docs/workflows) the same Radix light scales as fixed values, since a file has no theme.

export interface Palette {
  background: string;
  nodeFill: string;
  nodeStroke: string;
  containerFill: string;
  containerStroke: string;
  text: string;
  muted: string;
  tagFill: string;
  tagText: string;
  edge: string;
  label: string;
  labelBackground: string;
  guard: string;
  marker: string;
  /** The state a person clicked. */
  selected: string;
  /** The simulation's current state, and the edges of a highlighted path. */
  accent: string;
  accentFill: string;
  /** States that running machines of this tab are in. */
  live: string;
  liveFill: string;
}

export const PAGE_PALETTE: Palette = {
  background: 'var(--gray-2)',
  nodeFill: 'var(--color-panel-solid)',
  nodeStroke: 'var(--gray-8)',
  containerFill: 'var(--gray-a2)',
  containerStroke: 'var(--gray-7)',
  text: 'var(--gray-12)',
  muted: 'var(--gray-11)',
  tagFill: 'var(--accent-a3)',
  tagText: 'var(--accent-11)',
  edge: 'var(--gray-9)',
  label: 'var(--gray-12)',
  labelBackground: 'var(--gray-1)',
  guard: 'var(--gray-11)',
  marker: 'var(--gray-12)',
  selected: 'var(--accent-9)',
  accent: 'var(--accent-10)',
  accentFill: 'var(--accent-3)',
  // The panel loads no green scale; Radix green 9 and 3 as values.
  live: '#30a46c',
  liveFill: '#e6f6eb',
};

/** Radix Colors light: slate for grays, blue accent, green for live (the panel's theme). */
export const FILE_PALETTE: Palette = {
  background: '#f9f9fb',
  nodeFill: '#ffffff',
  nodeStroke: '#b9bbc6',
  containerFill: '#f0f0f3',
  containerStroke: '#cdced6',
  text: '#1c2024',
  muted: '#60646c',
  tagFill: '#e6f4fe',
  tagText: '#0d74ce',
  edge: '#8b8d98',
  label: '#1c2024',
  labelBackground: '#fcfcfd',
  guard: '#60646c',
  marker: '#1c2024',
  selected: '#0090ff',
  accent: '#0588f0',
  accentFill: '#e6f4fe',
  live: '#30a46c',
  liveFill: '#e6f6eb',
};
