// Which bulk-editable fields a session may set, and whether a value is of its field's kind: the
// panel offers and checks with these, the server checks again with the same functions.
import * as v from 'valibot';
import { bulkEditFields, type BulkField } from './user-fields';
import { FIELD_MESSAGES, parseExpiry } from './user-rules';
import { BulkApplyReply, BulkEditForm } from './users';

/** On/off, a MM-dd-yyyy date, or one option of a choice. */
export type BulkValue = boolean | string;

/** Spec §3 bulk-editable fields, minus those needing a feature the session lacks. */
export function offeredBulkFields(product: string, features: readonly string[]): BulkField[] {
  return bulkEditFields(product).filter((f) => !f.feature || features.includes(f.feature));
}

/** The value a field starts with when ticked. */
export function initialValue(field: BulkField): BulkValue {
  if (field.type.kind === 'bool') return true;
  if (field.type.kind === 'choice') return field.type.options[0] ?? '';
  return '';
}

/** Why one field's value cannot be sent, or null. */
export function valueProblem(field: BulkField, value: BulkValue): string | null {
  switch (field.type.kind) {
    case 'bool':
      return typeof value === 'boolean' ? null : `${field.label} must be on or off.`;
    case 'date':
      return typeof value === 'string' && parseExpiry(value) ? null : `${field.label}: ${FIELD_MESSAGES.expiry}`;
    case 'choice':
      return typeof value === 'string' && field.type.options.includes(value)
        ? null
        : `${field.label} must be one of ${field.type.options.join(', ')}.`;
  }
}

/** The first reason the changes cannot be previewed, or null when they can. */
export function changesProblem(fields: readonly BulkField[], changes: Record<string, BulkValue>): string | null {
  const keys = Object.keys(changes);
  if (keys.length === 0) return 'Choose at least one field to change.';
  for (const key of keys) {
    const field = fields.find((f) => f.key === key);
    if (!field) return `${key} cannot be changed here.`;
    const problem = valueProblem(field, changes[key]!);
    if (problem) return problem;
  }
  return null;
}

/** The id the panel makes for one bulk edit it applies: a random UUID. */
export const OperationId = v.pipe(v.string(), v.uuid('operation_id must be a UUID.'));

/** bulk_edit_user/: the edit, and the operation id under which its outcome is kept. */
export const BulkApplyForm = v.object({ ...BulkEditForm.entries, operation_id: v.optional(OperationId) });
export type BulkApplyForm = v.InferOutput<typeof BulkApplyForm>;

export const BulkOutcomeForm = v.object({ operation_id: OperationId });

/**
 * bulk_edit_outcome/: `applied` with the report the apply answered (it committed), or `unknown`:
 * no edit under that id committed, so nothing was changed.
 */
export const BulkOutcomeReply = v.object({
  status: v.literal(1),
  data: v.variant('outcome', [
    v.object({ outcome: v.literal('applied'), report: BulkApplyReply.options[0].entries.data }),
    v.object({ outcome: v.literal('unknown') }),
  ]),
});
export type BulkOutcomeReply = v.InferOutput<typeof BulkOutcomeReply>;
