// The staff accounts, each with the roles they hold and a way to see what they end up able to do.
import { Button, Card, Flex, Heading, Text } from '@radix-ui/themes';
import { selectBusy, selectRoles, selectStaff } from './roles.selectors';
import { RolesCtx } from './roles-context';

export function StaffList() {
  const editor = RolesCtx.useActorRef();
  const staff = RolesCtx.useSelector(selectStaff);
  const roles = RolesCtx.useSelector(selectRoles);
  const busy = RolesCtx.useSelector(selectBusy);
  return (
    <Card>
      <Heading as="h3" size="3" mb="2">
        Staff
      </Heading>
      <Flex direction="column" gap="1" role="list" aria-label="Staff">
        {staff.map((person) => {
          const held = roles.filter((r) => r.holders.some((h) => h.id === person.id)).map((r) => r.name);
          return (
            <Flex key={person.id} role="listitem" aria-label={person.username} gap="3" align="center" justify="between">
              <Text size="2">
                <Text weight="medium">{person.name || person.username}</Text> ({person.username}):{' '}
                {held.length ? held.join(', ') : 'no role'}
              </Text>
              <Button
                size="1"
                variant="ghost"
                disabled={busy}
                onClick={() => editor.send({ type: 'staff.reach', userId: person.id })}
              >
                What {person.username} can do
              </Button>
            </Flex>
          );
        })}
      </Flex>
    </Card>
  );
}
