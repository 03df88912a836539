// Downloads: a file the page made, or an export the server streams.
import { httpFile } from './http';

/** Hands a file the page made to the browser's download, as a link click would. */
export function saveFile(blob: Blob, filename: string): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = filename;
  a.rel = 'noopener';
  document.body.append(a);
  a.click();
  a.remove();
  // Revoked once the click has been handled, or some browsers cancel the download.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/**
 * An export: the form posted with fetch (the CSRF token as every call sends it), the file the
 * server prepared received whole and handed to the browser's download. Unlike a plain form post,
 * the page learns when the file has arrived, how many rows it holds (the server's X-Export-Rows)
 * and why it did not. With `leaveOutEmpty`, a field without a value is not sent.
 */
export async function exportDownload(
  action: string,
  fields: Record<string, unknown>,
  fallbackName: string,
  leaveOutEmpty = false,
): Promise<{ filename: string; rows: number | null }> {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) {
    if (value === undefined || value === null || (leaveOutEmpty && value === '')) continue;
    form.append(name, String(value));
  }
  const file = await httpFile(action, { method: 'POST', body: form }, fallbackName);
  saveFile(file.blob, file.filename);
  return { filename: file.filename, rows: file.rows };
}
