import { createActorContext } from '@xstate/react';
import { segmentEditorMachine } from './segments.machine';

export const SegmentsCtx = createActorContext(segmentEditorMachine);
