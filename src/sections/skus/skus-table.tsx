// The SKUs the search leaves, by code: what each bundles, its status and how many accounts hold
// it, with its actions (a retired SKU cannot be assigned).
import { Badge, Table, Text } from '@radix-ui/themes';
import { settingLabel, valueInWords } from '../../domain/account-labels';
import { configurationLabel, dataPlanLabel } from '../../domain/user-labels';
import type { Sku } from '../../domain/skus';
import { selectBusy, selectProductKey, selectShownSkus } from './skus.selectors';
import { HistoryButton } from '../record-history/history-button';
import { RecordAction, RecordActionsCell, RecordNameCell, RecordTable } from '../../ui/shared/record-table';
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
    <RecordTable
      caption="SKUs"
      choose="skus"
      columns={[
        { label: 'Code', priority: 1 },
        { label: 'Name', priority: 1 },
        { label: 'Product configuration', priority: 3, minWidth: 140 },
        { label: 'Data plan', priority: 4, minWidth: 140 },
        { label: 'Sets', priority: 5, minWidth: 160 },
        { label: 'Status', priority: 2, minWidth: 80 },
        { label: 'Accounts', priority: 2, minWidth: 80 },
      ]}
    >
      {skus.map((sku) => (
        <Table.Row key={sku.id} aria-label={sku.code}>
          <RecordNameCell name={sku.code} description={null} />
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
          <RecordActionsCell wrap="wrap">
            <RecordAction
              label={`Edit ${sku.code}`}
              disabled={busy}
              onClick={() => editor.send({ type: 'sku.edit', id: sku.id })}
            >
              Edit
            </RecordAction>
            <RecordAction
              label={`Assign ${sku.code}`}
              disabled={busy || sku.status !== 'active'}
              onClick={() => editor.send({ type: 'sku.assign', id: sku.id })}
            >
              Assign
            </RecordAction>
            <RecordAction
              label={`Holders of ${sku.code}`}
              disabled={busy}
              onClick={() => editor.send({ type: 'sku.holders', id: sku.id })}
            >
              Holders
            </RecordAction>
            <HistoryButton kind="sku" id={sku.id} name={sku.code} />
            <RecordAction
              label={`${sku.status === 'active' ? 'Retire' : 'Reactivate'} ${sku.code}`}
              color={sku.status === 'active' ? 'red' : 'green'}
              disabled={busy}
              onClick={() => editor.send({ type: 'sku.status', id: sku.id })}
            >
              {sku.status === 'active' ? 'Retire' : 'Reactivate'}
            </RecordAction>
          </RecordActionsCell>
        </Table.Row>
      ))}
    </RecordTable>
  );
}
