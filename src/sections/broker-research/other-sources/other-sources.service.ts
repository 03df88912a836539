// Fulfillments from Other Sources' calls (decision 060): the file read in a Web Worker of its own,
// its check and its apply (the file itself sent as form data, with the source and distributor),
// and the imports. Every reply is parsed by its src/domain schema.
import * as v from 'valibot';
import {
  ApplyReply,
  type AppliedFile,
  ImportFulfillmentsReply,
  ImportsReply,
  VerifyReply,
  type OtherSourceFileSummary,
} from '../../../domain/broker-research-other-sources';
import { http } from '../../../services/http';
import { workerAnswer } from '../../../services/worker-answer';

const BASE = '/api/researchreports/other_sources';

/** Reads the file off the page's thread (one worker per file, ended once it answers). */
export function readOtherSourceFileInWorker(file: File): Promise<OtherSourceFileSummary> {
  return workerAnswer(
    new Worker(new URL('./other-sources-file.worker.ts', import.meta.url), {
      type: 'module',
      name: 'other-source-file',
    }),
    file,
  );
}

export interface OtherSourceUpload {
  file: File;
  sourceName: string;
  dist: string;
}

function uploadBody(u: OtherSourceUpload): FormData {
  const body = new FormData();
  body.append('file', u.file, u.file.name);
  body.append('source_name', u.sourceName);
  body.append('dist', u.dist);
  return body;
}

export async function verifyOtherSourceFile(u: OtherSourceUpload): Promise<VerifyReply> {
  return v.parse(VerifyReply, await http(`${BASE}/verify/`, { method: 'POST', body: uploadBody(u) }));
}

/**
 * The apply, then the latest imports as they are now, so the list beside the report shows this
 * one; when they cannot be read the list shown stays (the apply went through all the same).
 */
export async function applyOtherSourceFile(u: OtherSourceUpload): Promise<AppliedFile> {
  const applied = v.parse(ApplyReply, await http(`${BASE}/apply/`, { method: 'POST', body: uploadBody(u) }));
  const latest = await listOtherSourceImports(null).catch(() => null);
  return latest ? { ...applied, imports: latest.imports } : applied;
}

export async function listOtherSourceImports(after: number | null): Promise<ImportsReply> {
  const query = after === null ? '' : `?${new URLSearchParams({ after: String(after) })}`;
  return v.parse(ImportsReply, await http(`${BASE}/imports/${query}`));
}

export async function otherSourceImportFulfillments(
  importId: number,
  after: number | null,
): Promise<ImportFulfillmentsReply> {
  const query = new URLSearchParams({ import: String(importId), ...(after === null ? {} : { after: String(after) }) });
  return v.parse(ImportFulfillmentsReply, await http(`${BASE}/import_fulfillments/?${query}`));
}
