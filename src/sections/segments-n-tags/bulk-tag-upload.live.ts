// The real services of Bulk Tag Upload, beside the machine so they load with the section: the
// file read in a Web Worker, the dry run and the assignment, the tag selector choosing without
// saving, and CSV downloads built in the browser.
import { fromPromise } from 'xstate';
import { previewTagAssignment } from './bulk-tag-upload.service';
import { saveFile } from '../../services/downloads';
import { readIdentifierFileInWorker } from '../../services/identifier-file.service';
import { assignTags } from '../tags/tags.service';
import { choosingTagSelectorMachine } from '../tags/tag-selector.live';
import { bulkTagUploadMachine } from './bulk-tag-upload.machine';

export const liveBulkTagUploadMachine = bulkTagUploadMachine.provide({
  actors: {
    parseFile: fromPromise(({ input }) => readIdentifierFileInWorker(input.file as File)),
    previewAssignment: fromPromise(({ input }) => previewTagAssignment(input)),
    applyTags: fromPromise(({ input }) =>
      assignTags({
        tags: input.tags,
        userIds: input.userIds,
        type: input.mode === 'overwrite' ? 'overwrite' : '',
        updatedFrom: 'bulk_upload',
      }),
    ),
    tagSelector: choosingTagSelectorMachine,
  },
  actions: {
    saveCsv: (_, { text, fileName }) => saveFile(new Blob([text], { type: 'text/csv;charset=utf-8' }), fileName),
  },
});
