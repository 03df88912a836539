// /user_list/$userId (spec §2 edit mode): the user's profile form, and with edit_user their
// sessions and administrator privileges, and with user_mgmt too the emails written to them; for
// everyone who may see the user, their platform content, notebook and history. A person without edit_user sees the user read-only.
import { Box, Button, Callout, Flex, Heading, Tabs, Text } from '@radix-ui/themes';
import { useSelector } from '@xstate/react';
import { useEffect, useRef, useState } from 'react';
import {
  selectBase,
  selectEmailChange,
  selectEmailsTab,
  selectError,
  selectLoadFailed,
  selectLoading,
  selectMayEdit,
  selectMayReadOutbox,
  selectMaySwitchTab,
  selectMissing,
  selectOrgChange,
  selectPrivilegesTab,
  selectSessionsTab,
  selectTab,
  selectTabSettled,
  type UserEditTab,
} from './user-edit.selectors';
import { READ_ONLY_REASON } from './user-edit.form';
import { RecordHistoryScope, RecordHistoryView } from '../record-history/record-history-view';
import { ScreenTheme } from '../../ui/screen-theme';
import { ConflictPanel } from './conflict-panel';
import { EmailChangeDialog } from './email-change-dialog';
import { RoleGrantDialog } from './role-grant-dialog';
import { EmailsCard } from './emails-card';
import { UserGroupsCard } from './groups-card';
import { OrgChangeDialog } from './org-change-dialog';
import { PrivilegesCard } from './privileges-card';
import { ProfileForm } from './profile-form';
import { SaveBar } from './save-bar';
import { SessionsCard } from './sessions-card';
import { UserEditCtx } from './user-edit-context';
import { ContentTab } from '../user-content/content-tab';
import { NotebookTab } from '../notebook/notebook-tab';

const VIEW_TABS = ['content', 'notebook', 'history'] as const;
type ViewTab = (typeof VIEW_TABS)[number];

/**
 * `tab`: the tab the address names, opened once the user is loaded; `onTab`: the tab shown, for
 * the address to keep (Reload and a shared link return to it).
 */
export function UserEditView({ tab: asked, onTab }: { tab?: string; onTab?: (tab: string) => void } = {}) {
  const edit = UserEditCtx.useActorRef();
  const loading = UserEditCtx.useSelector(selectLoading);
  const loadFailed = UserEditCtx.useSelector(selectLoadFailed);
  const missing = UserEditCtx.useSelector(selectMissing);
  const error = UserEditCtx.useSelector(selectError);
  const base = UserEditCtx.useSelector(selectBase);
  const tab = UserEditCtx.useSelector(selectTab);
  const mayEdit = UserEditCtx.useSelector(selectMayEdit);
  const mayReadOutbox = UserEditCtx.useSelector(selectMayReadOutbox);
  const orgChange = UserEditCtx.useSelector(selectOrgChange);
  const emailChange = UserEditCtx.useSelector(selectEmailChange);
  const sessions = UserEditCtx.useSelector(selectSessionsTab);
  const privileges = UserEditCtx.useSelector(selectPrivilegesTab);
  const emails = UserEditCtx.useSelector(selectEmailsTab);
  // Another tab opens only while the open one neither waits on the server nor asks a question.
  const settled = useSelector(sessions ?? privileges ?? emails, selectTabSettled);
  const tabsOpen = UserEditCtx.useSelector(selectMaySwitchTab) && settled;
  const userName = base ? `${base.first_name} ${base.last_name}`.trim() || base.username : '';
  // The History, Content and Notebook tabs read on their own: they are the view's to open, the edit's tabs stay the machine's.
  const [own, setOwn] = useState<ViewTab | null>(null);
  const openTab = (v: string) => {
    const viewTab = (VIEW_TABS as readonly string[]).includes(v) ? (v as ViewTab) : null;
    setOwn(viewTab);
    if (!viewTab && v !== tab) edit.send({ type: `tab.${v as UserEditTab}` });
  };
  const shown = own ?? (mayEdit ? tab : 'profile');
  const askedOnce = useRef(false);
  useEffect(() => {
    if (!base || askedOnce.current) return;
    askedOnce.current = true;
    if (asked && asked !== shown) openTab(asked);
    // Once, when the user first shows: later the person chooses.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [base]);
  useEffect(() => {
    if (base && askedOnce.current) onTab?.(shown);
  }, [base, shown, onTab]);
  const viewTabs = base && (
    <>
      <Tabs.Content value="content">
        {own === 'content' && <ContentTab userId={base.id} userName={userName} />}
      </Tabs.Content>
      <Tabs.Content value="notebook">{own === 'notebook' && <NotebookTab userId={base.id} />}</Tabs.Content>
      <Tabs.Content value="history">
        {own === 'history' && (
          <RecordHistoryScope kind="user" id={base.id}>
            <RecordHistoryView />
          </RecordHistoryScope>
        )}
      </Tabs.Content>
    </>
  );
  const viewTriggers = (open: boolean) => (
    <>
      <Tabs.Trigger value="content" disabled={own !== 'content' && !open}>
        Content
      </Tabs.Trigger>
      <Tabs.Trigger value="notebook" disabled={own !== 'notebook' && !open}>
        Notebook
      </Tabs.Trigger>
      <Tabs.Trigger value="history" disabled={own !== 'history' && !open}>
        History
      </Tabs.Trigger>
    </>
  );

  return (
    <ScreenTheme>
      <Flex direction="column" gap="4">
        {loading && (
          <Text size="2" color="gray" role="status">
            Loading the user…
          </Text>
        )}
        {missing && (
          <Callout.Root color="gray" role="alert">
            <Callout.Text>There is no such user, or you may not see them.</Callout.Text>
          </Callout.Root>
        )}
        {loadFailed && (
          <Callout.Root color="red" role="alert">
            <Callout.Text>The user could not be loaded: {error}</Callout.Text>
            <Flex>
              <Button size="1" variant="soft" onClick={() => edit.send({ type: 'edit.retry' })}>
                Retry
              </Button>
            </Flex>
          </Callout.Root>
        )}
        {base && (
          <>
            <Flex direction="column" gap="1">
              <Heading as="h2" size="5">
                {userName}
              </Heading>
              <Text size="2" color="gray">
                User #{base.id} · {base.username} · version {base.version}
                {base.updated_by ? ` · last saved by ${base.updated_by}` : ''}
              </Text>
            </Flex>
            {!mayEdit && (
              <Callout.Root color="gray" role="note">
                <Callout.Text>{READ_ONLY_REASON}</Callout.Text>
              </Callout.Root>
            )}
            {mayEdit ? (
              <Tabs.Root value={own ?? tab} onValueChange={openTab}>
                <Tabs.List aria-label="User sections">
                  <Tabs.Trigger value="profile" disabled={tab !== 'profile' && !tabsOpen}>
                    Profile
                  </Tabs.Trigger>
                  <Tabs.Trigger value="sessions" disabled={tab !== 'sessions' && !tabsOpen}>
                    Sessions
                  </Tabs.Trigger>
                  <Tabs.Trigger value="privileges" disabled={tab !== 'privileges' && !tabsOpen}>
                    Administrator privileges
                  </Tabs.Trigger>
                  {mayReadOutbox && (
                    <Tabs.Trigger value="emails" disabled={tab !== 'emails' && !tabsOpen}>
                      Emails
                    </Tabs.Trigger>
                  )}
                  {viewTriggers(tabsOpen)}
                </Tabs.List>
                <Box pt="4">
                  <Tabs.Content value="profile">
                    <Profile />
                  </Tabs.Content>
                  <Tabs.Content value="sessions">
                    {sessions && <SessionsCard actor={sessions} userName={userName} />}
                  </Tabs.Content>
                  <Tabs.Content value="privileges">{privileges && <PrivilegesCard actor={privileges} />}</Tabs.Content>
                  {mayReadOutbox && (
                    <Tabs.Content value="emails">
                      {emails && <EmailsCard actor={emails} userName={userName} />}
                    </Tabs.Content>
                  )}
                  {viewTabs}
                </Box>
              </Tabs.Root>
            ) : (
              // A read-only viewer has the profile and the tabs that only read.
              <Tabs.Root
                value={own ?? 'profile'}
                onValueChange={(v) => setOwn(v === 'profile' ? null : (v as ViewTab))}
              >
                <Tabs.List aria-label="User sections">
                  <Tabs.Trigger value="profile">Profile</Tabs.Trigger>
                  {viewTriggers(true)}
                </Tabs.List>
                <Box pt="4">
                  <Tabs.Content value="profile">
                    <Profile />
                  </Tabs.Content>
                  {viewTabs}
                </Box>
              </Tabs.Root>
            )}
            <UserGroupsCard userId={base.id} version={base.version} />
            {orgChange && <OrgChangeDialog actor={orgChange} userName={userName} />}
            {emailChange && <EmailChangeDialog actor={emailChange} />}
            <RoleGrantDialog />
          </>
        )}
      </Flex>
    </ScreenTheme>
  );
}

function Profile() {
  return (
    <Flex direction="column" gap="4">
      <ConflictPanel />
      <SaveBar />
      <ProfileForm />
    </Flex>
  );
}
