import { createActorContext } from '@xstate/react';
import { researchSubmissionsMachine } from './user-submission.machine';

export const ResearchSubmissionsCtx = createActorContext(researchSubmissionsMachine);
