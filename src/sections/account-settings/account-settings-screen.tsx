// /account_settings (Account Settings, decision 051): the machine's actor (given the URL's
// position and open account, and a kept form draft), what keeps the form across a reload
// (decision 042), what writes the position back to the URL, and the view: the list, or one
// account's form with its conflict panel and the defaults question. Thin: selectors and events.
import { Button, Flex, Heading, Text } from '@radix-ui/themes';
import { useSelector } from '@xstate/react';
import { useEffect, useState, type ReactNode } from 'react';
import { checkAccountDraft, ACCOUNT_DRAFT_FORM } from './account-settings.draft';
import { liveAccountSettingsMachine } from './account-settings.live';
import {
  selectAccountOpen,
  selectBusy,
  selectDraftToKeep,
  selectError,
  selectForm,
  selectFormChanged,
  selectReadFailed,
  selectReading,
  selectUrl,
} from './account-settings.selectors';
import type { AccountSearch } from './account-settings.url';
import { compactAccountSearch } from './account-settings.url';
import type { DraftAddress } from '../../services/drafts';
import { useConsole, useInspect } from '../../ui/console-context';
import { DraftKeeper, sameDraft, selectStaffId, useStoredDraft } from '../../ui/form/form-draft';
import { HistoryButton } from '../record-history/history-button';
import { AccountList } from './account-list';
import { AccountSettingsCtx } from './account-settings-context';
import { ConflictPanel } from './conflict-panel';
import { DefaultsDialog } from './defaults-dialog';
import { SettingsForm } from './settings-form';
import { RetryCallout } from '../../ui/shared/retry-callout';

/** One form draft per staff member: the open account's settings. */
export const accountDraftAddress = (staff: number | null): DraftAddress | null =>
  staff === null ? null : { form: ACCOUNT_DRAFT_FORM, record: 'open', staff };

export function AccountSettingsScreen({
  search,
  navigate,
  probe,
}: {
  search: AccountSearch;
  navigate: (next: Record<string, string | number>) => void;
  probe?: ReactNode;
}) {
  const { session } = useConsole();
  const staff = useSelector(session, selectStaffId);
  return (
    <AccountSettingsScope staff={staff} search={search}>
      {probe}
      <AccountSettingsDraftKeeper staff={staff} />
      <AccountUrlSync navigate={navigate} />
      <AccountSettingsView />
    </AccountSettingsScope>
  );
}

export function AccountSettingsScope({
  staff,
  search,
  children,
}: {
  staff: number | null;
  search: AccountSearch;
  children: ReactNode;
}) {
  const { config } = useConsole();
  const kept = useStoredDraft(accountDraftAddress(staff), checkAccountDraft);
  const [input] = useState(() => {
    const account = search.account === '' ? null : search.account;
    return {
      productKey: config.product_key,
      position: {
        q: search.q,
        cursor: search.cursor,
        page: search.cursor ? search.page : 1,
        pageSize: search.page_size,
      },
      account,
      // A kept form opens only on its own account (or when the URL names none).
      draft: kept && (account === null || kept.accountId === account) ? kept : null,
    };
  });
  return (
    <AccountSettingsCtx.Provider logic={liveAccountSettingsMachine} options={{ input, inspect: useInspect() }}>
      {children}
    </AccountSettingsCtx.Provider>
  );
}

/** Writes the list's position and the open account to the URL, so a reload returns to them. */
export function AccountUrlSync({ navigate }: { navigate: (next: Record<string, string | number>) => void }) {
  const url = AccountSettingsCtx.useSelector(selectUrl, sameDraft);
  const key = JSON.stringify(compactAccountSearch(url));
  useEffect(() => {
    navigate(JSON.parse(key) as Record<string, string | number>);
  }, [key, navigate]);
  return null;
}

/** Keeps the open form with a change as a draft; leaving asks when it could not be kept. */
export function AccountSettingsDraftKeeper({ staff }: { staff: number | null }) {
  const address = accountDraftAddress(staff);
  const draft = AccountSettingsCtx.useSelector(selectDraftToKeep, sameDraft);
  const changed = AccountSettingsCtx.useSelector(selectFormChanged);
  return (
    <DraftKeeper
      address={address}
      draft={draft}
      changed={changed}
      description="The changes to this account's settings are not saved yet."
    />
  );
}

export function AccountSettingsView() {
  const actor = AccountSettingsCtx.useActorRef();
  const { config } = useConsole();
  const open = AccountSettingsCtx.useSelector(selectAccountOpen);
  const reading = AccountSettingsCtx.useSelector(selectReading);
  const readFailed = AccountSettingsCtx.useSelector(selectReadFailed);
  const error = AccountSettingsCtx.useSelector(selectError);
  const busy = AccountSettingsCtx.useSelector(selectBusy);
  const form = AccountSettingsCtx.useSelector(selectForm);
  const conflict = AccountSettingsCtx.useSelector((s) => s.hasTag('conflict') || s.hasTag('dialog'));
  return (
    <Flex direction="column" gap="4">
      <Flex justify="between" align="center">
        <Heading as="h2" size="5">
          {open && form ? `Account Settings: ${form.accountName}` : 'Account Settings'}
        </Heading>
        {open && (
          <Flex gap="2">
            {form && <HistoryButton kind="account" id={form.accountId} name={form.accountName} size="2" />}
            <Button
              variant="soft"
              color="gray"
              disabled={busy || conflict}
              onClick={() => actor.send({ type: 'account.close' })}
            >
              Back to the accounts
            </Button>
          </Flex>
        )}
      </Flex>
      {!open && (
        <>
          <Text as="p" size="2" color="gray">
            What each customer account may do: its limits, features, editor and flags. An account runs on the default
            settings until they are saved.
          </Text>
          <AccountList />
        </>
      )}
      {reading && (
        <Text size="2" color="gray" role="status" aria-label="Reading the account">
          Reading the account…
        </Text>
      )}
      {readFailed && (
        <RetryCallout
          lead="The account could not be read."
          error={error}
          onRetry={() => actor.send({ type: 'account.retry' })}
        />
      )}
      {open && form && (
        <>
          <ConflictPanel />
          <SettingsForm productKey={config.product_key} />
          <DefaultsDialog />
        </>
      )}
    </Flex>
  );
}
