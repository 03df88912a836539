// Redshift Configuration (/redshift_configuration, spec §7 "Redshift"; decision 054): the one
// configuration of the deployment, read and saved with redshift_configuration_access. The save is
// a strict JSON body (unknown keys refused by name) carrying the version it was read at; a save
// in between answers 409 with the configuration as stored now.
import {
  REDSHIFT_MESSAGES,
  SaveRedshiftBody,
  type FetchRedshiftReply,
  type RedshiftState,
  type StaleRedshiftReply,
} from '../../src/domain/redshift';
import { stale } from '../http/replies';
import { readRedshift, saveRedshift } from '../redshift/store';
import { defineRoute } from '../routes';

const replyOf = (state: RedshiftState, msg: string): FetchRedshiftReply => ({
  status: true,
  msg,
  result: { configuration: state.configuration },
  version: state.version,
  updated_by_email: state.updated_by_email,
  updated_at: state.updated_at,
});

const fetchConfiguration = defineRoute({
  method: 'GET',
  path: '/fetch_redshift_configuration/',
  access: 'redshift_configuration_access',
  summary: 'The Redshift configuration (result.configuration), its version, and who saved it last and when.',
  async handler({ c, deps }) {
    return c.json(replyOf(await readRedshift(deps.db), ''));
  },
});

const save = defineRoute({
  method: 'POST',
  path: '/redshift_configuration/',
  access: 'redshift_configuration_access',
  schema: SaveRedshiftBody,
  body: 'json',
  summary:
    'Saves the Redshift configuration (JSON: redshift_configuration and the version it was read at; a save in between: 409 with the configuration now).',
  async handler({ c, deps, input, now, session }) {
    const result = await saveRedshift(
      deps.db,
      { configuration: input.redshift_configuration, version: input.version },
      { id: Number(session.user.id), username: session.user.username },
      now,
    );
    if (!result.ok) {
      const who = result.current.updated_by_email ?? 'Someone else';
      return stale<StaleRedshiftReply>(
        c,
        `${who} saved the Redshift configuration after you opened it; nothing of yours was saved.`,
        { current: result.current },
      );
    }
    return c.json(replyOf(result.state, REDSHIFT_MESSAGES.saved));
  },
});

export const redshiftRoutes = [fetchConfiguration, save];
