// Probes of the process, for a service manager, a container runtime or a load balancer
// (decision 100): /healthz (the process answers), /readyz (the database answers and its schema is
// this code's; 503 while starting or stopping), /version (what is running). Public and read-only;
// as probes they skip the session, carry no cookie and are not logged per request.
import { readFileSync } from 'node:fs';
import packageJson from '../../package.json' with { type: 'json' };
import { migrationState } from '../db/migrate';
import { defineRoute } from '../routes';

/** The commit the running build was made from: GIT_COMMIT, else the build's build-info.json. */
function builtCommit(): string | null {
  // Resolved from this module's file URL (in a build, beside dist-server/main.js); written so that
  // no bundler takes it for a browser asset.
  const moduleUrl = import.meta.url;
  try {
    const info = JSON.parse(readFileSync(new URL('./build-info.json', moduleUrl), 'utf8')) as { commit?: unknown };
    return typeof info.commit === 'string' ? info.commit : null;
  } catch {
    return null;
  }
}

let commit: string | null | undefined;
const commitOnce = (): string | null => (commit ??= process.env['GIT_COMMIT'] || builtCommit());

export const healthRoutes = [
  defineRoute({
    method: 'GET',
    path: '/healthz',
    access: 'public',
    probe: true,
    summary: 'The process answers.',
    handler: ({ c }) => c.json({ status: true, msg: 'Alive.' }),
  }),
  defineRoute({
    method: 'GET',
    path: '/readyz',
    access: 'public',
    probe: true,
    summary: 'Ready for requests: not stopping, the database answers and its migrations are current.',
    handler: async ({ c, deps }) => {
      if (deps.lifecycle.draining)
        return c.json({ status: false, msg: 'Shutting down: not taking new requests.' }, 503);
      let state;
      try {
        state = await migrationState(deps.db);
      } catch {
        return c.json({ status: false, msg: 'The database does not answer.' }, 503);
      }
      if (state.unknown.length > 0)
        return c.json(
          {
            status: false,
            msg: `The database has migrations this version does not know: ${state.unknown.join(', ')}.`,
          },
          503,
        );
      if (state.pending.length > 0)
        return c.json({ status: false, msg: `Migrations not yet applied: ${state.pending.join(', ')}.` }, 503);
      return c.json({ status: true, msg: 'Ready.' });
    },
  }),
  defineRoute({
    method: 'GET',
    path: '/version',
    access: 'public',
    probe: true,
    summary: 'The version and commit running, and this server type.',
    handler: ({ c, deps }) =>
      c.json({ version: packageJson.version, commit: commitOnce(), server_type: deps.config.serverType }),
  }),
];
