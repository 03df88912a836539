import { createActorContext } from '@xstate/react';
import { redshiftConfigMachine } from './redshift.machine';

export const RedshiftCtx = createActorContext(redshiftConfigMachine);
