import { createActorContext } from '@xstate/react';
import { researchFlagsMachine } from './control-panel.machine';

export const ResearchFlagsCtx = createActorContext(researchFlagsMachine);
