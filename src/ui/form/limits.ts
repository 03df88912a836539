// The maxLength of a typed input: the limit the server's schema checks the same field with
// (src/domain/user-rules.ts USER_FIELD_LIMITS), so a person cannot type past it (decision 042).
import { USER_FIELD_LIMITS } from '../../domain/user-rules';

export function maxLengthOf(field: string): number | undefined {
  return (USER_FIELD_LIMITS as Readonly<Record<string, number>>)[field];
}
