import { createActorContext } from '@xstate/react';
import { redshiftConfigMachine } from '../../machines/redshift-config/redshift-config.machine';

export const RedshiftCtx = createActorContext(redshiftConfigMachine);
