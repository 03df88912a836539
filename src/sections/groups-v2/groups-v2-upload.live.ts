// The real services of the bulk membership upload: the file read in a Web Worker (the Bulk Tag
// Upload's reader, the same module), the server's check and the apply.
import { fromPromise } from 'xstate';
import { addUsersToGroup, verifyFileData } from './groups-v2.service';
import { readIdentifierFileInWorker } from '../../services/identifier-file.service';
import { groupBulkUploadMachine } from './groups-v2-upload.machine';

export const liveGroupBulkUploadMachine = groupBulkUploadMachine.provide({
  actors: {
    parseFile: fromPromise(({ input }) => readIdentifierFileInWorker(input.file as File)),
    verifyFile: fromPromise(({ input }) => verifyFileData(input.groupId, input.identifiers)),
    addUsers: fromPromise(({ input }) => addUsersToGroup(input.groupId, input.identifiers)),
  },
});
