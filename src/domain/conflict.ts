// How a refused save reads its HTTP 409, the same for every section: the body is one of the
// section's stale replies (`current` and its version as stored now, or what stands in the way).
// Read by shape from the failed call (status and data, as src/services/http.ts HttpError carries
// them), so a machine needs no import of the services; the 400 reader is field-errors.ts fieldRefusalOf.
import * as v from 'valibot';

/** The failed call's 409 body as the first of `schemas` it matches; null for any other failure. */
export function conflictOf<const S extends readonly v.GenericSchema[]>(
  error: unknown,
  ...schemas: S
): v.InferOutput<S[number]> | null {
  const e = error as { status?: unknown; data?: unknown } | null | undefined;
  if (e?.status !== 409) return null;
  for (const schema of schemas) {
    const parsed = v.safeParse(schema, e.data);
    if (parsed.success) return parsed.output as v.InferOutput<S[number]>;
  }
  return null;
}

/** One field a save made meanwhile changed: what the person opened, what is stored now, their own value. */
export interface ConflictRow<Key extends string = string> {
  key: Key;
  label: string;
  opened: string;
  stored: string;
  yours: string;
  /** The person changed it too: reviewing their version keeps the stored value. */
  clash: boolean;
}
