// Series colours: the first takes the accent (Radix Themes' blue-9, which the theme swaps between
// light and dark); the others are mid-tones that read on a white and on a near-black panel alike,
// so no colour sheet beyond the first load's is needed.
export const SERIES_COLOURS = [
  'var(--blue-9)',
  '#f28e2b',
  '#59a14f',
  '#e15759',
  '#b07aa1',
  '#edc948',
  '#76b7b2',
  '#9c755f',
];
export const colourOf = (i: number) => SERIES_COLOURS[i % SERIES_COLOURS.length]!;
