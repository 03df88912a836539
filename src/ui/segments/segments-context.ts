import { createActorContext } from '@xstate/react';
import { segmentEditorMachine } from '../../machines/segment-editor/segment-editor.machine';

export const SegmentsCtx = createActorContext(segmentEditorMachine);
