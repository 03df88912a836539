// Files the page hands to the browser's download (services/downloads.ts saveFile), kept for the
// test instead: each blob with the name its link gave it.
import { vi } from 'vitest';

export interface SavedFile {
  blob: Blob;
  name: string;
}

/** Starts keeping saved files; vi.restoreAllMocks() stops it. */
export function captureSavedFiles(): SavedFile[] {
  const saved: SavedFile[] = [];
  vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
    saved.push({ blob: blob as Blob, name: '' });
    return `blob:saved-${saved.length}`;
  });
  vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {});
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    const file = saved.find((f) => this.href.endsWith(`saved-${saved.indexOf(f) + 1}`));
    if (file) file.name = this.download;
  });
  return saved;
}
