// After Create: who was created, each a link to their edit page, and "Create another".
import { Button, Callout, Flex, Heading, Link, Table } from '@radix-ui/themes';
import type { MouseEvent } from 'react';
import type { CreatedUser } from './user-create.types';
import { selectCreatedMessage } from './user-create.selectors';
import { UserCreateCtx } from './user-create-context';
import { WelcomeMail } from './welcome-mail';
import { TableHead } from '../../ui/shared/table-head';
import { HiddenCaption } from '../../ui/shared/table-caption';

export function CreatedView({ users, openUser }: { users: CreatedUser[]; openUser?: (id: number) => void }) {
  const create = UserCreateCtx.useActorRef();
  const message = UserCreateCtx.useSelector(selectCreatedMessage);
  const open = (id: number) => (e: MouseEvent) => {
    // A plain click stays in the panel; a modified click opens a tab as links do.
    if (!openUser || e.ctrlKey || e.metaKey || e.shiftKey || e.button !== 0) return;
    e.preventDefault();
    openUser(id);
  };
  return (
    <Flex direction="column" gap="4">
      <Heading as="h3" size="3">
        Created
      </Heading>
      <Callout.Root color="blue" role="status">
        <Callout.Text>{message}</Callout.Text>
      </Callout.Root>
      <Table.Root size="1" variant="surface">
        <HiddenCaption>Created users</HiddenCaption>
        <TableHead columns={['Username', 'Email']} />
        <Table.Body>
          {users.map((u) => (
            <Table.Row key={u.user_id}>
              <Table.RowHeaderCell>
                <Link href={`/user_list/${u.user_id}`} onClick={open(u.user_id)}>
                  {u.username}
                </Link>
              </Table.RowHeaderCell>
              <Table.Cell>{u.email}</Table.Cell>
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
      <WelcomeMail />
      <Flex justify="end">
        <Button type="button" onClick={() => create.send({ type: 'create.another' })}>
          Create another
        </Button>
      </Flex>
    </Flex>
  );
}
