// The SKUs the search leaves, by code: what each bundles, its status and how many accounts hold
// it, with its actions (a retired SKU cannot be assigned).
import { Badge, Button, Flex, Table, Text } from '@radix-ui/themes';
import { settingLabel, valueInWords } from '../../domain/account-labels';
import { configurationLabel, dataPlanLabel } from '../../domain/user-labels';
import type { Sku } from '../../domain/skus';
import { selectBusy, selectProductKey, selectShownSkus } from '../../machines/sku-editor/sku-editor.selectors';
import { HistoryButton } from '../record-history/history-button';
import { HIDDEN } from './hidden';
import { SkusCtx } from './skus-context';
import { countText } from '../../domain/format';

/** What a SKU sets, in words: 'OTD limit (documents a day): 40; Excel plug-in: On'. */
export function setsText(key: string, sku: Pick<Sku, 'account_settings' | 'account_level_flags'>): string {
  const entries = [
    ...Object.entries(sku.account_settings).map(([k, v]) => [`account_settings.${k}`, v] as const),
    ...Object.entries(sku.account_level_flags).map(([k, v]) => [`account_level_flags.${k}`, v] as const),
  ];
  return entries.length
    ? entries.map(([path, value]) => `${settingLabel(key, path)}: ${valueInWords(key, path, value)}`).join('; ')
    : 'Nothing';
}

export function SkusTable() {
  const editor = SkusCtx.useActorRef();
  const skus = SkusCtx.useSelector(selectShownSkus);
  const busy = SkusCtx.useSelector(selectBusy);
  const key = SkusCtx.useSelector(selectProductKey);
  if (skus.length === 0)
    return (
      <Text as="p" size="2" color="gray" role="status" aria-label="No SKUs">
        No SKU matches the search.
      </Text>
    );
  return (
    <Table.Root variant="surface">
      <caption style={HIDDEN}>SKUs</caption>
      <Table.Header>
        <Table.Row>
          <Table.ColumnHeaderCell>Code</Table.ColumnHeaderCell>
          <Table.ColumnHeaderCell>Name</Table.ColumnHeaderCell>
          <Table.ColumnHeaderCell>Product configuration</Table.ColumnHeaderCell>
          <Table.ColumnHeaderCell>Data plan</Table.ColumnHeaderCell>
          <Table.ColumnHeaderCell>Sets</Table.ColumnHeaderCell>
          <Table.ColumnHeaderCell>Status</Table.ColumnHeaderCell>
          <Table.ColumnHeaderCell>Accounts</Table.ColumnHeaderCell>
          <Table.ColumnHeaderCell>
            <span style={HIDDEN}>Actions</span>
          </Table.ColumnHeaderCell>
        </Table.Row>
      </Table.Header>
      <Table.Body>
        {skus.map((sku) => (
          <Table.Row key={sku.id} aria-label={sku.code}>
            <Table.RowHeaderCell>
              <Text weight="medium">{sku.code}</Text>
            </Table.RowHeaderCell>
            <Table.Cell>{sku.name}</Table.Cell>
            <Table.Cell>{configurationLabel(key, sku.product_configuration)}</Table.Cell>
            <Table.Cell>
              {sku.data_plan.length ? sku.data_plan.map((i) => dataPlanLabel(key, i)).join(', ') : 'None'}
            </Table.Cell>
            <Table.Cell>
              <Text size="1">{setsText(key, sku)}</Text>
            </Table.Cell>
            <Table.Cell>
              <Badge color={sku.status === 'active' ? 'green' : 'gray'}>
                {sku.status === 'active' ? 'Active' : 'Retired'}
              </Badge>
            </Table.Cell>
            <Table.Cell>{countText(sku.holders)}</Table.Cell>
            <Table.Cell>
              <Flex gap="2" wrap="wrap">
                <Button
                  size="1"
                  variant="soft"
                  disabled={busy}
                  aria-label={`Edit ${sku.code}`}
                  onClick={() => editor.send({ type: 'sku.edit', id: sku.id })}
                >
                  Edit
                </Button>
                <Button
                  size="1"
                  variant="soft"
                  disabled={busy || sku.status !== 'active'}
                  aria-label={`Assign ${sku.code}`}
                  onClick={() => editor.send({ type: 'sku.assign', id: sku.id })}
                >
                  Assign
                </Button>
                <Button
                  size="1"
                  variant="soft"
                  disabled={busy}
                  aria-label={`Holders of ${sku.code}`}
                  onClick={() => editor.send({ type: 'sku.holders', id: sku.id })}
                >
                  Holders
                </Button>
                <HistoryButton kind="sku" id={sku.id} name={sku.code} />
                <Button
                  size="1"
                  variant="soft"
                  color={sku.status === 'active' ? 'red' : 'green'}
                  disabled={busy}
                  aria-label={`${sku.status === 'active' ? 'Retire' : 'Reactivate'} ${sku.code}`}
                  onClick={() => editor.send({ type: 'sku.status', id: sku.id })}
                >
                  {sku.status === 'active' ? 'Retire' : 'Reactivate'}
                </Button>
              </Flex>
            </Table.Cell>
          </Table.Row>
        ))}
      </Table.Body>
    </Table.Root>
  );
}
