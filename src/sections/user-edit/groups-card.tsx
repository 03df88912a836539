// The user's groups, read only (decision 048): read again after each save of the user, since
// moving the user to another organization takes them out of every group. Changed under Group
// Management, not here.
import { Badge, Card, Flex, Heading, Text } from '@radix-ui/themes';
import { useEffect, useState } from 'react';
import { GROUP_KIND_LABELS, type UserGroup } from '../../domain/groups';
import { fetchUserGroups } from '../groups/groups.service';

type Read = { state: 'loading' } | { state: 'failed' } | { state: 'read'; groups: UserGroup[] };

export function UserGroupsCard({ userId, version }: { userId: number; version: number }) {
  const [read, setRead] = useState<Read>({ state: 'loading' });
  useEffect(() => {
    let current = true;
    fetchUserGroups(userId).then(
      (reply) => current && setRead({ state: 'read', groups: reply.groups }),
      () => current && setRead({ state: 'failed' }),
    );
    return () => {
      current = false;
    };
  }, [userId, version]);
  return (
    <Card aria-label="Groups">
      <Heading as="h3" size="3" mb="2">
        Groups
      </Heading>
      {read.state === 'loading' && (
        <Text size="2" color="gray">
          Reading the user’s groups…
        </Text>
      )}
      {read.state === 'failed' && (
        <Text size="2" color="gray">
          The user’s groups could not be read.
        </Text>
      )}
      {read.state === 'read' &&
        (read.groups.length === 0 ? (
          <Text size="2" color="gray">
            In no group.
          </Text>
        ) : (
          <Flex gap="2" wrap="wrap">
            {read.groups.map((g) => (
              <Badge key={g.id} color="gray" size="2">
                {g.name} · {GROUP_KIND_LABELS[g.kind]}
              </Badge>
            ))}
          </Flex>
        ))}
    </Card>
  );
}
