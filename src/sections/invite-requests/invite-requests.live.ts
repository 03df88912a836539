// The real services of Invite Request Users' machine, beside it so they load with the section.
import { fromPromise } from 'xstate';
import {
  approveInvite,
  bulkApproveInvites,
  fetchInviteOptions,
  fetchInvites,
  rejectInvite,
  resendInvite,
} from './invite-requests.service';
import { inviteReviewMachine } from './invite-requests.machine';

export const liveInviteReviewMachine = inviteReviewMachine.provide({
  actors: {
    loadPage: fromPromise(async ({ input }) => {
      const [list, options] = await Promise.all([fetchInvites(input), fetchInviteOptions('')]);
      return { list, options };
    }),
    findOrganizations: fromPromise(({ input }) => fetchInviteOptions(input.text)),
    approve: fromPromise(({ input }) => approveInvite(input)),
    reject: fromPromise(({ input }) => rejectInvite(input)),
    resend: fromPromise(({ input }) => resendInvite(input)),
    bulkApprove: fromPromise(({ input }) => bulkApproveInvites(input)),
  },
});
