// The mail calls of the user area (decision 022): an invitation before registration, a user's
// welcome email again, and the outbox to read back what was written.
import { OutboxForm, PreRegisterForm, SendWelcomeForm } from '../../src/domain/users';
import { listOutbox } from '../mail/outbox';
import { resendWelcome, sendInvitation } from '../mail/user-mail';
import { defineRoute } from '../routes';
import { seesDeletedUsers } from '../users/records';

const preRegisterEmailSend = defineRoute({
  method: 'POST',
  path: '/user/pre_register_email_send/',
  access: 'create_user_tab',
  schema: PreRegisterForm,
  summary: 'Writes an invitation email to an address into the outbox (sent when SMTP is configured); audited.',
  async handler({ c, deps, now, input, session }) {
    return c.json(await sendInvitation(deps, session.user.username, input, now));
  },
});

const sendWelcomeEmail = defineRoute({
  method: 'POST',
  path: '/user/send_welcome_email/',
  access: 'edit_user',
  schema: SendWelcomeForm,
  summary: "Writes the user's welcome email again into the outbox (sent when SMTP is configured); audited.",
  async handler({ c, deps, now, input, session }) {
    return c.json(await resendWelcome(deps, session.user.username, input.user_id, now));
  },
});

const fetchOutbox = defineRoute({
  method: 'GET',
  path: '/user/fetch_outbox/',
  access: 'user_mgmt',
  schema: OutboxForm,
  summary:
    'The newest 200 outbox messages, or those about one user; status stored, queued, sent or failed. Messages about a deleted user only with deleted_user.',
  async handler({ c, deps, input, session }) {
    const withDeleted = seesDeletedUsers(session.grants.features);
    return c.json({
      status: true,
      data: await listOutbox(deps.db, input.user_id === '' ? null : input.user_id, withDeleted),
    });
  },
});

export const mailRoutes = [preRegisterEmailSend, sendWelcomeEmail, fetchOutbox];
