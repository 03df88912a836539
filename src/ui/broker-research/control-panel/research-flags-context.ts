import { createActorContext } from '@xstate/react';
import { researchFlagsMachine } from '../../../machines/research-flags/research-flags.machine';

export const ResearchFlagsCtx = createActorContext(researchFlagsMachine);
