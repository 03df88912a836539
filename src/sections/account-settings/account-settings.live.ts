// The real services of Account Settings' machine, beside it so they load with the section.
import { fromPromise } from 'xstate';
import {
  listAccounts,
  readAccountSettings,
  resetAccountSettings,
  saveAccountSettings,
} from './account-settings.service';
import { accountSettingsMachine } from './account-settings.machine';

export const liveAccountSettingsMachine = accountSettingsMachine.provide({
  actors: {
    listAccounts: fromPromise(({ input }) => listAccounts(input)),
    readAccount: fromPromise(({ input }) => readAccountSettings(input.id)),
    saveSettings: fromPromise(({ input }) => saveAccountSettings(input)),
    resetSettings: fromPromise(({ input }) => resetAccountSettings(input.id, input.version)),
  },
});
