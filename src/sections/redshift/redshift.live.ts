// The real services of Redshift Configuration's machine, beside it so they load with the section.
import { fromPromise } from 'xstate';
import { fetchRedshift, saveRedshift } from './redshift.service';
import { redshiftConfigMachine } from './redshift.machine';

export const liveRedshiftConfigMachine = redshiftConfigMachine.provide({
  actors: {
    loadRedshift: fromPromise(() => fetchRedshift()),
    saveRedshift: fromPromise(({ input }) => saveRedshift(input.configuration, input.version)),
  },
});
