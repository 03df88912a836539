import { createActorContext } from '@xstate/react';
import { accountSettingsMachine } from '../../machines/account-settings/account-settings.machine';

export const AccountSettingsCtx = createActorContext(accountSettingsMachine);
