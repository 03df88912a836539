// Downloads: a file the page made, or an export the server streams.
import { CSRF_FIELD } from '../domain/constants';
import { readCsrfToken } from './http';

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
 * An export as a plain form post: the browser streams the attachment to disk itself, however
 * large, and the page stays where it is. The CSRF token travels in the form field, as Django's
 * forms carry it. With `leaveOutEmpty`, a field without a value (the token too) is not sent.
 */
export function postForDownload(
  action: string,
  fields: Record<string, string>,
  doc: Document = document,
  leaveOutEmpty = false,
): void {
  const form = doc.createElement('form');
  form.method = 'POST';
  form.action = action;
  form.hidden = true;
  for (const [name, value] of Object.entries({ ...fields, [CSRF_FIELD]: readCsrfToken() ?? '' })) {
    if (leaveOutEmpty && value === '') continue;
    const input = doc.createElement('input');
    input.type = 'hidden';
    input.name = name;
    input.value = value;
    form.append(input);
  }
  doc.body.append(form);
  form.submit();
  form.remove();
}
