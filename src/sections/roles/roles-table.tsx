// The roles by name: what each is for, how many permissions, who holds it, and what can be done.
import { Table, Text } from '@radix-ui/themes';
import { selectBusy, selectRoles } from './roles.selectors';
import { HistoryButton } from '../record-history/history-button';
import {
  RecordAction,
  RecordActionsCell,
  RecordDeleteAction,
  RecordNameCell,
  RecordTable,
} from '../../ui/shared/record-table';
import { RolesCtx } from './roles-context';

export function RolesTable({ mayAssign }: { mayAssign: boolean }) {
  const editor = RolesCtx.useActorRef();
  const roles = RolesCtx.useSelector(selectRoles);
  const busy = RolesCtx.useSelector(selectBusy);
  return (
    <RecordTable caption="Roles" size="1" columns={['Role', 'Permissions', 'Held by']}>
      {roles.map((role) => (
        <Table.Row key={role.id} aria-label={role.name}>
          <RecordNameCell name={role.name} description={role.description} />
          <Table.Cell>{role.features.length}</Table.Cell>
          <Table.Cell>
            {role.holders.length ? role.holders.map((h) => h.username).join(', ') : <Text color="gray">nobody</Text>}
          </Table.Cell>
          <RecordActionsCell justify="end">
            <RecordAction
              label={`Edit ${role.name}`}
              disabled={busy}
              onClick={() => editor.send({ type: 'role.edit', id: role.id })}
            >
              Edit
            </RecordAction>
            {mayAssign && (
              <RecordAction
                label={`Holders of ${role.name}`}
                disabled={busy}
                onClick={() => editor.send({ type: 'role.holders', id: role.id })}
              >
                Holders
              </RecordAction>
            )}
            <HistoryButton kind="role" id={role.id} name={role.name} />
            <RecordDeleteAction
              record={role.name}
              disabled={busy}
              onClick={() => editor.send({ type: 'role.delete', id: role.id })}
            />
          </RecordActionsCell>
        </Table.Row>
      ))}
    </RecordTable>
  );
}
