// A form for a record not stored yet: it has no id, and its first save names version 0.

/** The id and version of a new record's form (spread first, then its fields). */
export const NEW_RECORD = { id: null, version: 0 } as const;
