// A write to one stored record names the version it was read at, so the server can refuse it
// when someone else changed the record first (the 409 a plan answers with `staleEvent`).

/** The record a write is for and the version the person saw. */
export interface RecordVersion {
  id: number;
  version: number;
}
