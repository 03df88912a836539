// The real services of SKU Configuration's machine, beside it so they load with the section.
import { fromPromise } from 'xstate';
import {
  assignSku,
  changeSkuStatus,
  createSku,
  fetchSkus,
  previewAssignment,
  readHolders,
  unassignSku,
  updateSku,
} from './skus.service';
import { skuEditorMachine } from './skus.machine';

export const liveSkuEditorMachine = skuEditorMachine.provide({
  actors: {
    loadSkus: fromPromise(() => fetchSkus()),
    saveSku: fromPromise(({ input }) =>
      input.id === null ? createSku(input) : updateSku(input.id, input.version, input),
    ),
    changeStatus: fromPromise(({ input }) => changeSkuStatus(input.id, input.version, input.status)),
    loadHolders: fromPromise(({ input }) => readHolders(input.skuId, input.after)),
    unassignSku: fromPromise(({ input }) => unassignSku(input.skuId, input.accountId)),
    previewAssignment: fromPromise(({ input }) => previewAssignment(input.skuId, input.accountId)),
    assignSku: fromPromise(({ input }) => assignSku(input.skuId, input.accountId, input.version)),
  },
});
