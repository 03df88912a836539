// The real services of the other-source upload: the imports, the file read in a Web Worker, the
// server's check and the apply.
import { fromPromise } from 'xstate';
import {
  applyOtherSourceFile,
  listOtherSourceImports,
  readOtherSourceFileInWorker,
  verifyOtherSourceFile,
} from './other-sources.service';
import { otherSourceUploadMachine } from './other-sources.machine';

export const liveOtherSourceUploadMachine = otherSourceUploadMachine.provide({
  actors: {
    listImports: fromPromise(() => listOtherSourceImports(null)),
    readFile: fromPromise(({ input }) => readOtherSourceFileInWorker(input.file)),
    verifyFile: fromPromise(({ input }) => verifyOtherSourceFile(input)),
    applyFile: fromPromise(({ input }) => applyOtherSourceFile(input)),
  },
});
