// The Redshift Configuration calls (spec §7 "Redshift"; decision 054): plain functions, every
// reply parsed by its src/domain schema. A stale save answers 409, read by shape (staleRedshiftOf).
import * as v from 'valibot';
import { FetchRedshiftReply, SaveRedshiftReply, type RedshiftConfiguration } from '../../domain/redshift';
import { http } from '../../services/http';

export async function fetchRedshift(): Promise<FetchRedshiftReply> {
  return v.parse(FetchRedshiftReply, await http('/fetch_redshift_configuration/'));
}

export async function saveRedshift(configuration: RedshiftConfiguration, version: number): Promise<SaveRedshiftReply> {
  return v.parse(
    SaveRedshiftReply,
    await http('/redshift_configuration/', {
      method: 'POST',
      body: { redshift_configuration: configuration, version },
    }),
  );
}
