// Events that carry one thing beside their name: a record's id, a field's value, typed text. A
// flow's event union names them by family, as it names its bare events, and spells out only the
// events whose payload is its own.

/** `{ type: T; id: number }` for each name in `T`: a press on one record of a list (edit, delete, tick …). */
export type IdEvent<T extends string> = T extends string ? { type: T; id: number } : never;

/** `{ type: T; value: V }` for each name in `T`: a form field changed (a string unless `V` says). */
export type ValueEvent<T extends string, V = string> = T extends string ? { type: T; value: V } : never;

/** `{ type: T; text: string }` for each name in `T`: words typed into a search box or a reason. */
export type TextEvent<T extends string> = T extends string ? { type: T; text: string } : never;

/** `{ type: T; field: F; value: string }` for each name in `T`: one of a form's named fields typed into. */
export type FieldEvent<T extends string, F extends string> = T extends string
  ? { type: T; field: F; value: string }
  : never;
