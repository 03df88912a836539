// log_data_in_es/ (spec §7): the panel's own log entries, stored in the audit log with the
// signed-in author and the server's time. The panel only reports what it did: its entries are
// stored with source 'client', whatever origin they name, and may not use the 'auth' category,
// which holds the sign-in events the server records itself. Reading the audit log, a 'client'
// entry is a claim by a signed-in person's panel; a 'server' entry is what the server did.
import { ClientLogForm } from '../../src/domain/audit';
import { writeAuditMany } from '../audit';
import { defineRoute } from '../routes';

const logData = defineRoute({
  method: 'POST',
  path: '/log_data_in_es/',
  access: 'update_logs',
  schema: ClientLogForm,
  summary: 'Stores a JSON list of client log entries, all or none.',
  async handler({ c, deps, now, input, session }) {
    const author = session.user.username;
    await deps.db.transaction().execute((trx) =>
      writeAuditMany(
        trx,
        input.data.map((e) => ({
          category: e.category,
          author,
          action: e.action,
          origin: e.origin,
          source: 'client',
          at: now,
          previous: e.previous_data,
          current: e.current_data,
          success: e.success,
        })),
      ),
    );
    return c.json({ status: true, msg: `${input.data.length} log entries recorded.` });
  },
});

export const clientLogRoutes = [logData];
