// The real services of this screen's machine. Beside the machine rather than in live.ts (the
// first page load's actors), so they load with the lazy section that uses them, never with /login.
import { fromPromise } from 'xstate';
import { searchOrganizations } from './organizations.service';
import { orgSearchMachine } from './org-search.machine';

export function liveOrgSearchMachine() {
  return orgSearchMachine.provide({
    actors: { searchOrganizations: fromPromise(({ input }) => searchOrganizations(input.query)) },
  });
}
