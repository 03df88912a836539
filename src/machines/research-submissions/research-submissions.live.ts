// The real services of User Submission's machine, beside it so they load with the section.
import { fromPromise } from 'xstate';
import { actOnSubmission, fetchSubmissions } from '../../services/research-submissions.service';
import { researchSubmissionsMachine } from './research-submissions.machine';

export const liveResearchSubmissionsMachine = researchSubmissionsMachine.provide({
  actors: {
    loadPage: fromPromise(({ input }) => fetchSubmissions(input)),
    act: fromPromise(({ input }) => actOnSubmission(input)),
  },
});
