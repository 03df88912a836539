// Written with the notebook tab (decision 065).
import type { Scenario } from '../harness/scenario';

export const scenario: Scenario = {
  name: 'notebook',
  servers: ['app'],
  async run() { throw new Error('not written yet'); },
};
