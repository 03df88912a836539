// The roles by name: what each is for, how many permissions, who holds it, and what can be done.
import { Button, Flex, Table, Text } from '@radix-ui/themes';
import { selectBusy, selectRoles } from '../../machines/role-editor/role-editor.selectors';
import { HistoryButton } from '../record-history/history-button';
import { HIDDEN } from './hidden';
import { RolesCtx } from './roles-context';

export function RolesTable({ mayAssign }: { mayAssign: boolean }) {
  const editor = RolesCtx.useActorRef();
  const roles = RolesCtx.useSelector(selectRoles);
  const busy = RolesCtx.useSelector(selectBusy);
  return (
    <Table.Root variant="surface" size="1">
      <caption style={HIDDEN}>Roles</caption>
      <Table.Header>
        <Table.Row>
          <Table.ColumnHeaderCell>Role</Table.ColumnHeaderCell>
          <Table.ColumnHeaderCell>Permissions</Table.ColumnHeaderCell>
          <Table.ColumnHeaderCell>Held by</Table.ColumnHeaderCell>
          <Table.ColumnHeaderCell aria-label="Actions" />
        </Table.Row>
      </Table.Header>
      <Table.Body>
        {roles.map((role) => (
          <Table.Row key={role.id} aria-label={role.name}>
            <Table.RowHeaderCell>
              <Text weight="medium">{role.name}</Text>
              {role.description && (
                <Text as="p" size="1" color="gray">
                  {role.description}
                </Text>
              )}
            </Table.RowHeaderCell>
            <Table.Cell>{role.features.length}</Table.Cell>
            <Table.Cell>
              {role.holders.length ? role.holders.map((h) => h.username).join(', ') : <Text color="gray">nobody</Text>}
            </Table.Cell>
            <Table.Cell>
              <Flex gap="2" justify="end">
                <Button
                  size="1"
                  variant="soft"
                  disabled={busy}
                  aria-label={`Edit ${role.name}`}
                  onClick={() => editor.send({ type: 'role.edit', id: role.id })}
                >
                  Edit
                </Button>
                {mayAssign && (
                  <Button
                    size="1"
                    variant="soft"
                    disabled={busy}
                    aria-label={`Holders of ${role.name}`}
                    onClick={() => editor.send({ type: 'role.holders', id: role.id })}
                  >
                    Holders
                  </Button>
                )}
                <HistoryButton kind="role" id={role.id} name={role.name} />
                <Button
                  size="1"
                  variant="soft"
                  color="red"
                  disabled={busy}
                  aria-label={`Delete ${role.name}`}
                  onClick={() => editor.send({ type: 'role.delete', id: role.id })}
                >
                  Delete
                </Button>
              </Flex>
            </Table.Cell>
          </Table.Row>
        ))}
      </Table.Body>
    </Table.Root>
  );
}
