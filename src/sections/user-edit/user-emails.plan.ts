// The Emails tab's walk: the outbox messages read, or a read that fails and Retry.
import { doneEvent, failedEvent, type MachinePlan } from '../../workflows/plan';
import { userEmailsMachine } from './user-emails.machine';

export const userEmailsPlan: MachinePlan<typeof userEmailsMachine> = {
  machine: userEmailsMachine,
  input: { userId: 1 },
  events: [{ type: 'list.retry' }],
  outcomes: [
    {
      name: 'emailsLoaded',
      event: doneEvent('loadOutbox', [
        {
          id: 1,
          kind: 'welcome',
          to_email: 'ada@northwind.example',
          subject: 'Welcome to Product',
          body_text: 'Welcome, Ada.',
          status: 'failed',
          created_at: 0,
          sent_at: null,
          last_error: '550 mailbox unavailable',
          author: 'editor',
        },
      ]),
    },
    { name: 'emailsLoadFailed', event: failedEvent('loadOutbox') },
  ],
};
