// Broker Research, User Submission (spec §2; decision 056): the submissions listed newest first
// (status, title search, keyset cursor) and the review actions of SUBMISSION_ACTIONS (start
// review, publish, reject with a reason), each from the version read: a race's loser gets 409
// naming who acted, with the submission now.
import {
  SUBMISSION_ACTIONS,
  SUBMISSION_MESSAGES,
  SubmissionActionForm,
  SubmissionListQuery,
  decidedText,
  type StaleSubmissionReply,
  type SubmissionActionReply,
  type SubmissionListReply,
} from '../../src/domain/broker-research-user-submission';
import { actOnSubmission, listSubmissions } from '../broker-research/user-submission';
import { refuseFields, stale } from '../http/replies';
import { defineRoute } from '../routes';

const list = defineRoute({
  method: 'GET',
  path: '/api/researchreports/user_submissions/',
  access: 'br_research',
  schema: SubmissionListQuery,
  summary:
    'Submissions newest first, 50 a page: status (new, in_review, published, rejected) keeps one status, q searches titles, cursor (submitted_at.id) is the next page.',
  async handler({ c, deps, input }) {
    const page = await listSubmissions(deps.db, {
      status: input.status || null,
      q: input.q,
      after: input.cursor || null,
    });
    const reply: SubmissionListReply = { status: true, ...page };
    return c.json(reply);
  },
});

const review = defineRoute({
  method: 'POST',
  path: '/api/researchreports/user_submissions/review/',
  access: 'br_research',
  schema: SubmissionActionForm,
  summary:
    'One review action on a submission (form: id, action start_review|publish|reject, version read, reason for reject); someone first: 409 with who and the submission now.',
  async handler({ c, deps, input, now, session }) {
    const result = await actOnSubmission(deps.db, input, session.user.username, now);
    if (result.ok) {
      const reply: SubmissionActionReply = {
        status: true,
        msg: SUBMISSION_ACTIONS[input.action].done,
        submission: result.submission,
      };
      return c.json(reply);
    }
    if (result.reason === 'missing')
      return refuseFields(c, SUBMISSION_MESSAGES.noSubmission(input.id), {
        id: SUBMISSION_MESSAGES.noSubmission(input.id),
      });
    if (result.reason === 'not_from') {
      const msg = SUBMISSION_MESSAGES.notFrom(input.action, result.current.status);
      return refuseFields(c, msg, { action: msg });
    }
    return stale<StaleSubmissionReply>(
      c,
      `${decidedText(result.current)} after you opened it; nothing of yours was done.`,
      { current: result.current },
    );
  },
});

export const researchSubmissionsRoutes = [list, review];
