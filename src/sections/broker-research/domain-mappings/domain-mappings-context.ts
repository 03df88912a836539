import { createActorContext } from '@xstate/react';
import { domainMappingsMachine } from './domain-mappings.machine';

export const DomainMappingsCtx = createActorContext(domainMappingsMachine);
