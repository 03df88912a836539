// The accounts: a search by name (a name that starts with the text, or has a word that does),
// keyset pages with Previous and Next, 20, 50 or 100 a page; each account opens its settings.
import { Button, Flex, RadioGroup, Table, Text, VisuallyHidden } from '@radix-ui/themes';
import { accountTotalWords } from '../../domain/accounts';
import { MAX_SEARCH_TEXT, PAGE_SIZES } from '../../domain/constants';
import {
  selectBusy,
  selectError,
  selectList,
  selectListFailed,
  selectListing,
  selectPosition,
} from './account-settings.selectors';
import { AccountSettingsCtx } from './account-settings-context';
import { Pager } from '../../ui/shared/pager';
import { SearchForm } from '../../ui/shared/search-form';
import { RetryCallout } from '../../ui/shared/retry-callout';
import { TableHead } from '../../ui/shared/table-head';

export function AccountList() {
  const actor = AccountSettingsCtx.useActorRef();
  const list = AccountSettingsCtx.useSelector(selectList);
  const position = AccountSettingsCtx.useSelector(selectPosition);
  const listing = AccountSettingsCtx.useSelector(selectListing);
  const failed = AccountSettingsCtx.useSelector(selectListFailed);
  const busy = AccountSettingsCtx.useSelector(selectBusy);
  const error = AccountSettingsCtx.useSelector(selectError);
  return (
    <Flex direction="column" gap="3">
      <SearchForm
        name="Search accounts"
        label="Account name"
        placeholder="Name, or a word of it (capital, partners…)"
        maxLength={MAX_SEARCH_TEXT}
        query={position.q}
        onSearch={(q) => actor.send({ type: 'search.submit', q })}
        disabled={busy}
        width={320}
      />
      {failed && (
        <RetryCallout
          lead="The accounts could not be loaded."
          error={error}
          onRetry={() => actor.send({ type: 'list.retry' })}
        />
      )}
      {listing && !list && (
        <Text size="2" color="gray" role="status" aria-label="Loading accounts">
          Loading accounts…
        </Text>
      )}
      {list && (
        <>
          <Text size="2" role="status" aria-label="Accounts found">
            {listing
              ? 'Loading…'
              : `${accountTotalWords(list.total_accounts, list.total_capped)}${position.q ? ` matching '${position.q}'` : ''}; page ${position.page}.`}
          </Text>
          <Table.Root variant="surface" size="1">
            <VisuallyHidden asChild>
              <caption>Accounts</caption>
            </VisuallyHidden>
            <TableHead columns={['Account', 'Salesforce ID', 'Settings', 'Template']} />
            <Table.Body>
              {list.items.map((item) => (
                <Table.Row key={item.account_id} aria-label={item.name}>
                  <Table.RowHeaderCell>
                    <Button
                      variant="ghost"
                      disabled={busy}
                      onClick={() => actor.send({ type: 'account.open', id: item.account_id })}
                      aria-label={`Open ${item.name}`}
                    >
                      {item.name}
                    </Button>
                  </Table.RowHeaderCell>
                  <Table.Cell>{item.salesforce_id ?? '—'}</Table.Cell>
                  <Table.Cell>{item.version === 0 ? 'Defaults' : 'Saved'}</Table.Cell>
                  <Table.Cell>{item.template_name ?? '—'}</Table.Cell>
                </Table.Row>
              ))}
            </Table.Body>
          </Table.Root>
          {list.items.length === 0 && (
            <Text size="2" color="gray">
              No account has a name that starts with it or a word that does.
            </Text>
          )}
          <Pager
            justify="end"
            busy={busy}
            previous={{
              go: () => actor.send({ type: 'page.prev' }),
              disabled: position.page === 1 || !list.prev_cursor,
            }}
            next={{ go: () => actor.send({ type: 'page.next' }), disabled: !list.next_cursor }}
          >
            <RadioGroup.Root
              aria-label="Accounts a page"
              value={String(position.pageSize)}
              disabled={busy}
              onValueChange={(size) => actor.send({ type: 'page.size', size: Number(size) })}
            >
              <Flex gap="3">
                <Text size="2">Accounts a page:</Text>
                {PAGE_SIZES.map((n) => (
                  <Text as="label" size="2" key={n}>
                    <Flex gap="1">
                      <RadioGroup.Item value={String(n)} aria-label={`${n} a page`} />
                      {n}
                    </Flex>
                  </Text>
                ))}
              </Flex>
            </RadioGroup.Root>
          </Pager>
        </>
      )}
    </Flex>
  );
}
