// The 'Account Update' dialog's walk: a new organisation chosen, then each button of both warnings.
import type { MachinePlan } from '../../workflows/plan';
import { orgChangeMachine } from './org-change.machine';

export const orgChangePlan: MachinePlan<typeof orgChangeMachine> = {
  machine: orgChangeMachine,
  events: [
    {
      type: 'org.choose',
      previous: { title: 'Northwind Capital', org_id: 1, salesforceId: null },
      next: { title: 'Granite Peak Partners', org_id: 2, salesforceId: null },
    },
    { type: 'org.sameOrg' },
    { type: 'org.differentOrg' },
    { type: 'org.cancel' },
    { type: 'org.confirm' },
  ],
  outcomes: [],
};
