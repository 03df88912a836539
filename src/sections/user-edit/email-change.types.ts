// What the email question says (spec §5); its answer is the contract's ChangeKind (src/domain/users.ts).
/** Spec §5's warnings, as the dialog says them. */
export const EMAIL_CHANGE_TEXT = {
  question: 'Does the new email address belong to the same person, or to a different person?',
  entitlementsLost:
    "A different person does not inherit this user's broker research entitlements: they are removed when you save.",
  crm: 'Make the same change on the same contact in the CRM, so both stay in step.',
} as const;
