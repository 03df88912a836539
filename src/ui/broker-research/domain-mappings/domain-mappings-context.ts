import { createActorContext } from '@xstate/react';
import { domainMappingsMachine } from '../../../machines/domain-mappings/domain-mappings.machine';

export const DomainMappingsCtx = createActorContext(domainMappingsMachine);
