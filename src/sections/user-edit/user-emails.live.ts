// The real service of the Emails tab's machine; the edit page's live machine runs it.
import { fromPromise } from 'xstate';
import { fetchOutbox } from '../../services/mail.service';
import { userEmailsMachine } from './user-emails.machine';

export const liveUserEmailsMachine = userEmailsMachine.provide({
  actors: { loadOutbox: fromPromise(({ input }) => fetchOutbox(input.userId)) },
});
