// The real services of User Submission's machine, beside it so they load with the section.
import { fromPromise } from 'xstate';
import { actOnSubmission, fetchSubmissions } from './user-submission.service';
import { researchSubmissionsMachine } from './user-submission.machine';

export const liveResearchSubmissionsMachine = researchSubmissionsMachine.provide({
  actors: {
    loadPage: fromPromise(({ input }) => fetchSubmissions(input)),
    act: fromPromise(({ input }) => actOnSubmission(input)),
  },
});
