// Administrator privileges (spec §6 admin roles): three switches, changed only by a super admin;
// each change is saved at once and the server's message shown (spec §8).
import { Button, Callout, Card, Flex, Heading, Switch, Text } from '@radix-ui/themes';
import { ADMIN_PRIVILEGES, ADMIN_PRIVILEGE_LABELS } from '../../domain/user-fields';
import {
  selectMaySetPrivileges, selectPrivileges, selectPrivilegesFailed, selectPrivilegesLoading, selectPrivilegesMessage, selectPrivilegesSaving,
} from '../../machines/user-edit/user-edit.selectors';
import { UserEditCtx } from './user-edit-context';

export function PrivilegesCard() {
  const edit = UserEditCtx.useActorRef();
  const privileges = UserEditCtx.useSelector(selectPrivileges);
  const loading = UserEditCtx.useSelector(selectPrivilegesLoading);
  const saving = UserEditCtx.useSelector(selectPrivilegesSaving);
  const failed = UserEditCtx.useSelector(selectPrivilegesFailed);
  const message = UserEditCtx.useSelector(selectPrivilegesMessage);
  const maySet = UserEditCtx.useSelector(selectMaySetPrivileges);
  return (
    <Card>
      <Heading as="h3" size="3" mb="3">Administrator privileges</Heading>
      {message && (
        <Callout.Root color={message.tone === 'info' ? 'blue' : 'red'} role={message.tone === 'info' ? 'status' : 'alert'} mb="3">
          <Callout.Text>{message.text}</Callout.Text>
        </Callout.Root>
      )}
      {loading && <Text size="2" color="gray" role="status">Loading privileges…</Text>}
      {failed && <Button size="1" variant="soft" onClick={() => edit.send({ type: 'privileges.retry' })}>Retry</Button>}
      {privileges && !loading && !failed && (
        <Flex direction="column" gap="2">
          {ADMIN_PRIVILEGES.map((key) => (
            <Text as="label" size="2" key={key}>
              <Flex gap="2" align="center">
                <Switch checked={privileges[key]} disabled={!maySet || saving}
                  onCheckedChange={(on) => edit.send({ type: 'privileges.toggle', key, value: on })} />
                {ADMIN_PRIVILEGE_LABELS[key]}
              </Flex>
            </Text>
          ))}
          {!maySet && <Text size="1" color="gray">Changing administrator privileges needs the is_super_admin_user permission.</Text>}
          {saving && <Text size="1" color="gray" role="status">Saving…</Text>}
        </Flex>
      )}
    </Card>
  );
}
