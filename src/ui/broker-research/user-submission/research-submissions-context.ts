import { createActorContext } from '@xstate/react';
import { researchSubmissionsMachine } from '../../../machines/research-submissions/research-submissions.machine';

export const ResearchSubmissionsCtx = createActorContext(researchSubmissionsMachine);
