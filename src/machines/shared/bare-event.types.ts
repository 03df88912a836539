// An event that carries nothing but its name (Retry, Cancel, Confirm …). A flow's event union
// names all of them in one `BareEvent<'a' | 'b'>` and spells out only the events with a payload.

/** `{ type: T }` for each name in `T`: a union of bare events, one member a name. */
export type BareEvent<T extends string> = T extends string ? { type: T } : never;
