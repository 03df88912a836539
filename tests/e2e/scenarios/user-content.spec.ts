// Written with the user-content tab (decision 065).
import type { Scenario } from '../harness/scenario';

export const scenario: Scenario = {
  name: 'user-content',
  servers: ['app'],
  async run() { throw new Error('not written yet'); },
};
