// Broker Research routes: Fulfillments from Other Sources (decision 060). A file of entitlements
// from outside the platform is verified (the per-row report and its counts, nothing written),
// then applied (the rows that pass, in one transaction, checked again there); the imports are
// listed newest first, each with the fulfillments it added.
import type { Context } from 'hono';
import { distributorLabel, distributorsFor, TRI_DIST } from '../../src/domain/broker-research';
import {
  applyMessage,
  FILE_NAME_MAX,
  ImportFulfillmentsQuery,
  ImportsQuery,
  OTHER_SOURCE_FILE_MAX_BYTES,
  OTHER_SOURCE_MAX_BODY_BYTES,
  OtherSourceUploadForm,
  type ApplyReply,
  type ImportFulfillmentsReply,
  type ImportsReply,
  type VerifyReply,
} from '../../src/domain/broker-research-other-sources';
import { csvFileProblem } from '../../src/domain/csv-upload';
import { findImport, importFulfillments, listImports } from '../broker-research/other-sources-imports';
import { applyUpload, countsOf, judgeRows, readUploadedFile, type Upload } from '../broker-research/other-sources';
import type { AppDeps, CurrentSession } from '../context';
import { forbidden, refuseFields } from '../http/replies';
import { defineRoute, type Route } from '../routes';

const BASE = '/api/researchreports/other_sources';

/** The upload read and checked before any row is judged, or the refusal to answer with. */
async function readUpload(
  c: Context,
  deps: AppDeps,
  session: CurrentSession,
  input: OtherSourceUploadForm,
): Promise<Upload | Response> {
  const allowed = distributorsFor(deps.config.productKey, session.grants.otherFeatures);
  if (input.dist === TRI_DIST && !allowed.includes(TRI_DIST)) {
    return forbidden(c, 'Only staff allowed to submit for Refinitiv may upload Refinitiv entitlements.');
  }
  if (!allowed.includes(input.dist)) {
    const choices = allowed.map(distributorLabel).join(' or ');
    return refuseFields(c, `Choose the distributor: ${choices}.`, { dist: `Choose the distributor: ${choices}.` });
  }
  const problem = csvFileProblem(input.file, OTHER_SOURCE_FILE_MAX_BYTES);
  if (problem) return refuseFields(c, problem, { file: problem });
  const read = await readUploadedFile(new Uint8Array(await input.file.arrayBuffer()));
  if (!read.ok) return refuseFields(c, read.reason, { file: read.reason }, { problems: read.problems });
  const fileName = input.file.name.replace(/[\u0000-\u001f\u007f]/g, '').slice(0, FILE_NAME_MAX);
  return { fileName, sourceName: input.source_name, dist: input.dist, rows: read.rows, problems: read.problems };
}

const verifyRoute = defineRoute({
  method: 'POST',
  path: `${BASE}/verify/`,
  access: 'br_research',
  schema: OtherSourceUploadForm,
  maxBody: OTHER_SOURCE_MAX_BODY_BYTES,
  summary:
    'A file of entitlements from another source checked row by row (no such user, user not live, no such broker, bad dates, repeats, already entitled): the report and its counts; nothing is written.',
  async handler({ c, deps, input, now, session }) {
    const upload = await readUpload(c, deps, session, input);
    if (upload instanceof Response) return upload;
    const judged = await judgeRows(deps.db, upload.rows, upload.problems, now);
    const reply: VerifyReply = {
      status: true,
      file_name: upload.fileName,
      source_name: upload.sourceName,
      dist: upload.dist,
      ...countsOf(judged),
      report: judged.report,
    };
    return c.json(reply);
  },
});

const applyRoute = defineRoute({
  method: 'POST',
  path: `${BASE}/apply/`,
  access: 'br_research',
  schema: OtherSourceUploadForm,
  maxBody: OTHER_SOURCE_MAX_BODY_BYTES,
  summary:
    'Adds the fulfillments of a file from another source in one transaction, every row checked again there, with the import and one audit row; answers row by row.',
  async handler({ c, deps, input, now, session }) {
    const upload = await readUpload(c, deps, session, input);
    if (upload instanceof Response) return upload;
    const applied = await applyUpload(deps.db, upload, session.user.username, now);
    const counts = countsOf(applied);
    const reply: ApplyReply = {
      status: true,
      msg: applyMessage(counts),
      import_id: applied.importId,
      file_name: upload.fileName,
      source_name: upload.sourceName,
      dist: upload.dist,
      ...counts,
      report: applied.report,
    };
    return c.json(reply);
  },
});

const importsRoute = defineRoute({
  method: 'GET',
  path: `${BASE}/imports/`,
  access: 'br_research',
  schema: ImportsQuery,
  summary:
    'The imports of fulfillments from other sources, newest first: who, when, the file, the source, the distributor and the counts; 25 a page after an id.',
  async handler({ c, deps, input }) {
    const reply: ImportsReply = {
      status: true,
      ...(await listImports(deps.db, input.after === '' ? null : input.after)),
    };
    return c.json(reply);
  },
});

const importFulfillmentsRoute = defineRoute({
  method: 'GET',
  path: `${BASE}/import_fulfillments/`,
  access: 'br_research',
  schema: ImportFulfillmentsQuery,
  summary: 'One import and the fulfillments it added, in the order added; 50 a page after an id.',
  async handler({ c, deps, input }) {
    const found = await findImport(deps.db, input.import);
    if (!found)
      return refuseFields(c, `There is no import #${input.import}.`, {
        import: `There is no import #${input.import}.`,
      });
    const page = await importFulfillments(deps.db, input.import, input.after === '' ? null : input.after);
    const reply: ImportFulfillmentsReply = { status: true, import: found, ...page };
    return c.json(reply);
  },
});

export const researchOtherSourcesRoutes: readonly Route[] = [
  verifyRoute,
  applyRoute,
  importsRoute,
  importFulfillmentsRoute,
];
