// Folders the suite reads and writes.
import { fileURLToPath } from 'node:url';
import path from 'node:path';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
export const DIST = path.join(ROOT, 'dist');
/** Screenshots, page texts and server logs of the last run (git-ignored). */
export const ARTIFACTS = path.join(ROOT, 'tests/e2e/screenshots');
export const BIN = (name: string) => path.join(ROOT, 'node_modules/.bin', name);

/** 'Session expiry: dialog' → 'session-expiry-dialog' */
export function slug(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
    .slice(0, 60);
}
