import { createActorContext } from '@xstate/react';
import { accountSettingsMachine } from './account-settings.machine';

export const AccountSettingsCtx = createActorContext(accountSettingsMachine);
