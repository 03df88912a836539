// Administrator privileges (spec §6 admin roles): three switches, changed only by a super admin;
// each change is saved at once and the server's message shown (spec §8); granting Super admin asks
// first. The tab's own machine holds them.
import { Button, Card, Flex, Heading, Switch, Text } from '@radix-ui/themes';
import { shallowEqual, useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import { ADMIN_PRIVILEGES, ADMIN_PRIVILEGE_LABELS } from '../../domain/user-fields';
import type { userPrivilegesMachine } from './user-privileges.machine';
import { selectPrivilegesTab } from './user-privileges.selectors';
import { permissionName } from '../../domain/feature-labels';
import { ConfirmDialog } from '../../ui/shared/confirm-dialog';
import { NoticeCallout } from '../../ui/shared/notice-callout';
import { RecordLoading } from '../../ui/shared/record-section';

export function PrivilegesCard({ actor }: { actor: ActorRefFrom<typeof userPrivilegesMachine> }) {
  const { privileges, loading, saving, failed, message, maySet, granting, email } = useSelector(
    actor,
    selectPrivilegesTab,
    shallowEqual,
  );
  return (
    <Card>
      <Heading as="h3" size="3" mb="3">
        Administrator privileges
      </Heading>
      <NoticeCallout notice={message} alertOnError mb="3" />
      {loading && <RecordLoading records="privileges" />}
      {failed && (
        <Button size="1" variant="soft" onClick={() => actor.send({ type: 'privileges.retry' })}>
          Retry
        </Button>
      )}
      {privileges && !loading && !failed && (
        <Flex direction="column" gap="2">
          {ADMIN_PRIVILEGES.map((key) => (
            <Text as="label" size="2" key={key}>
              <Flex gap="2" align="center">
                <Switch
                  checked={privileges[key]}
                  disabled={!maySet || saving}
                  onCheckedChange={(on) => actor.send({ type: 'privileges.toggle', key, value: on })}
                />
                {ADMIN_PRIVILEGE_LABELS[key]}
              </Flex>
            </Text>
          ))}
          {!maySet && (
            <Text size="1" color="gray">
              Changing administrator privileges needs the {permissionName('is_super_admin_user')} permission.
            </Text>
          )}
          {saving && (
            <Text size="1" color="gray" role="status">
              Saving…
            </Text>
          )}
        </Flex>
      )}
      <ConfirmDialog
        open={granting}
        title={`Grant ${ADMIN_PRIVILEGE_LABELS.is_super_admin_user} to ${email}?`}
        action="Grant"
        onConfirm={() => actor.send({ type: 'grant.confirm' })}
        onCancel={() => actor.send({ type: 'grant.cancel' })}
      >
        They will be able to set the administrator privileges of any user, {ADMIN_PRIVILEGE_LABELS.is_super_admin_user}{' '}
        included, and to take them away.
      </ConfirmDialog>
    </Card>
  );
}
