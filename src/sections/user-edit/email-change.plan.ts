// The email question's walk: asked on Save, then same or different person, back, cancel or confirm.
import type { MachinePlan } from '../../workflows/plan';
import { emailChangeMachine } from './email-change.machine';

export const emailChangePlan: MachinePlan<typeof emailChangeMachine> = {
  machine: emailChangeMachine,
  events: [
    { type: 'email.ask', previous: 'ada@northwind.example', next: 'ada.lovelace@granite.example' },
    { type: 'email.samePerson' },
    { type: 'email.differentPerson' },
    { type: 'email.back' },
    { type: 'email.cancel' },
    { type: 'email.confirm' },
  ],
  outcomes: [],
};
