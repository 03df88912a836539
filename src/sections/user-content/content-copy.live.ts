// The real service of the copy dialog's machine, beside it so it loads with the user edit screen.
import { fromPromise } from 'xstate';
import { copyContent } from './user-content.service';
import { contentCopyMachine } from './content-copy.machine';

export const liveContentCopyMachine = contentCopyMachine.provide({
  actors: { copyContent: fromPromise(({ input }) => copyContent(input)) },
});
