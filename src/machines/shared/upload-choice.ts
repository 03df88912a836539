// A file chosen in an upload: refused here by its name, type or size (the person learns at once,
// before a worker starts), else read.
import { csvFileProblem } from '../../domain/csv-upload';

/** What the choose event carries: a File in the page, its name, type and size in a plan. */
type Chosen = Blob & { name: string };

/** The file of a `file.choose` event. */
export const chosenFileOf = <F extends Chosen = Chosen>(event: { type: string }): F =>
  (event as unknown as { file: F }).file;

/** Why the file is refused before it is read; null when it may be read. */
export const chosenFileProblem = (file: Chosen, maxBytes: number): string | null =>
  csvFileProblem({ name: file.name, type: file.type, size: file.size }, maxBytes);

/**
 * The `file.choose` transitions of a machine `#machine`: to `refused` with `refuseFileHere` when
 * its `fileRefusedHere` guard holds, else to `reading` with `takeFile`.
 */
export const chooseFile = <M extends string, R extends string, T extends string>(machine: M, refused: R, reading: T) =>
  [
    { guard: 'fileRefusedHere', target: `#${machine}.${refused}`, actions: 'refuseFileHere' },
    { target: `#${machine}.${reading}`, actions: 'takeFile' },
  ] as const;

/** The file was refused whole: another file, or start over (`clear`, back to `home`). */
export const fileRefusedState = <M extends string, R extends string, T extends string, H extends string>(
  machine: M,
  refused: R,
  reading: T,
  home: H,
) => ({
  tags: ['refused'],
  on: {
    'file.choose': chooseFile(machine, refused, reading),
    'upload.clear': { target: home, actions: 'clear' as const },
  },
});
