// One broker list of Restrict Broker (spec §2, §9): a search, Select All of the rows the search
// shows, and a checkbox per row. Virtualised (@tanstack/react-virtual): rows of 30 px in a list
// 360 px high, so thousands of brokers scroll smoothly; only the rows in view are drawn.
import { Card, Checkbox, Flex, Heading, Text, TextField } from '@radix-ui/themes';
import { BROKER_LIST_HEIGHT_PX, BROKER_ROW_HEIGHT_PX } from '../../domain/brokers';
import { selectListSize, selectSearch, selectSelected, selectShown } from './restrict-broker.selectors';
import type { ListName } from './restrict-broker.types';
import { BrokerActionsCtx } from './restrict-broker-context';
import { countText } from '../../domain/format';
import { VirtualList } from '../../ui/shared/virtual-list';

const shown = { my: selectShown('my'), requested: selectShown('requested') };

export function BrokerList({ list, title, selectable }: { list: ListName; title: string; selectable: boolean }) {
  const actor = BrokerActionsCtx.useActorRef();
  const rows = BrokerActionsCtx.useSelector(shown[list]);
  const total = BrokerActionsCtx.useSelector(selectListSize(list));
  const search = BrokerActionsCtx.useSelector(selectSearch(list));
  const selectedIds = BrokerActionsCtx.useSelector(selectSelected(list));
  const selected = new Set(selectedIds);
  const shownSelected = rows.reduce((n, b) => n + (selected.has(b.id) ? 1 : 0), 0);
  const allShown = rows.length > 0 && shownSelected === rows.length;
  const headingId = `broker-list-${list}`;
  return (
    <Card role="region" aria-labelledby={headingId} style={{ flex: 1, minWidth: 280 }}>
      <Flex direction="column" gap="2">
        <Flex justify="between" align="baseline">
          <Heading as="h3" size="3" id={headingId}>
            {title}
          </Heading>
          <Text size="1" color="gray" aria-live="polite" data-count>
            {rows.length === total
              ? `${countText(total)} ${total === 1 ? 'broker' : 'brokers'}`
              : `${countText(rows.length)} of ${countText(total)} shown`}
            {selectedIds.length ? ` · ${countText(selectedIds.length)} selected` : ''}
          </Text>
        </Flex>
        <TextField.Root
          aria-label={`Search ${title}`}
          placeholder="Search"
          value={search}
          onChange={(e) => actor.send({ type: 'search.change', list, text: e.target.value })}
        />
        <Text as="label" size="2">
          <Flex gap="2" align="center">
            <Checkbox
              aria-label={`Select All ${title}`}
              disabled={!selectable || rows.length === 0}
              checked={allShown ? true : shownSelected > 0 ? 'indeterminate' : false}
              onCheckedChange={() =>
                actor.send({ type: 'select.all', list, ids: rows.map((b) => b.id), on: !allShown })
              }
            />
            Select All
          </Flex>
        </Text>
        <VirtualList
          rows={rows}
          height={BROKER_LIST_HEIGHT_PX}
          rowHeight={BROKER_ROW_HEIGHT_PX}
          labelledBy={headingId}
          empty={total === 0 ? 'No brokers.' : `No broker matches “${search.trim()}”.`}
        >
          {(broker) => (
            <>
              <Checkbox
                aria-label={broker.name}
                disabled={!selectable}
                checked={selected.has(broker.id)}
                onCheckedChange={() => actor.send({ type: 'select.toggle', list, id: broker.id })}
              />
              <Text size="2" truncate style={{ flex: 1 }}>
                {broker.name}
              </Text>
              {broker.open_access && (
                <Text size="1" color="gray">
                  Open access
                </Text>
              )}
            </>
          )}
        </VirtualList>
      </Flex>
    </Card>
  );
}
