// Roles × features: which role grants which permission, in spec §6's groups. Only keys some role
// grants are listed, so the table stays readable.
import { Card, Heading, Table, Text } from '@radix-ui/themes';
import { featureLabel } from '../../domain/feature-labels';
import { FEATURE_GROUPS, featureMeaning } from '../../domain/feature-meanings';
import { selectRoles } from './roles.selectors';
import { HiddenCaption } from '../../ui/shared/record-table';
import { RolesCtx } from './roles-context';

export function ReachMatrix() {
  const roles = RolesCtx.useSelector(selectRoles);
  const granted = new Set(roles.flatMap((r) => r.features));
  return (
    <Card>
      <Heading as="h3" size="3" mb="2">
        What each role allows
      </Heading>
      <Table.Root size="1">
        <HiddenCaption>Reach matrix</HiddenCaption>
        <Table.Header>
          <Table.Row>
            <Table.ColumnHeaderCell>Permission</Table.ColumnHeaderCell>
            {roles.map((r) => (
              <Table.ColumnHeaderCell key={r.id}>{r.name}</Table.ColumnHeaderCell>
            ))}
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {FEATURE_GROUPS.map((group) => {
            const keys = group.keys.filter((k) => granted.has(k));
            if (!keys.length) return null;
            return [
              <Table.Row key={group.id}>
                <Table.Cell colSpan={roles.length + 1}>
                  <Text size="1" weight="bold" color="gray">
                    {group.title}
                  </Text>
                </Table.Cell>
              </Table.Row>,
              ...keys.map((key) => (
                <Table.Row key={key} aria-label={featureLabel(key)}>
                  <Table.RowHeaderCell title={featureMeaning(key)}>{featureLabel(key)}</Table.RowHeaderCell>
                  {roles.map((r) => (
                    <Table.Cell key={r.id} aria-label={`${r.name}: ${r.features.includes(key) ? 'yes' : 'no'}`}>
                      {r.features.includes(key) ? '✓' : ''}
                    </Table.Cell>
                  ))}
                </Table.Row>
              )),
            ];
          })}
        </Table.Body>
      </Table.Root>
    </Card>
  );
}
