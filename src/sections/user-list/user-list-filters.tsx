// The list's filters. Each change is a navigation (the URL holds the list's state); the screen
// hands the machine the new URL, which starts over from the first page.
import { Badge, Checkbox, Flex, IconButton, Select, Text } from '@radix-ui/themes';
import { PAGE_SIZES } from '../../domain/constants';
import { userTypesFor } from '../../domain/user-fields';
import { USER_CATEGORIES } from '../../domain/user-kinds';
import { categoryLabel, userTypeLabel } from '../../domain/user-labels';
import { SORT_KEYS, SORT_LABELS, type SortKey } from '../../domain/user-kinds';
import { selectSearch } from './user-list.selectors';
import type { ListSearch } from './user-list.search';
import { OrgPicker } from '../organizations/org-picker';
import { UserListCtx } from './user-list-context';
import { SelectOptions } from '../../ui/form/select-options';

const ANY = 'any';

export interface FiltersProps {
  features: readonly string[];
  /** Navigates to the list with these changes (and back to its first page). */
  change(patch: Partial<ListSearch>): void;
}

function FilterSelect({
  label,
  value,
  options,
  onChange,
}: {
  label: string;
  value: string;
  options: readonly (readonly [string, string])[];
  onChange(value: string): void;
}) {
  return (
    <Select.Root value={value === '' ? ANY : value} onValueChange={(v) => onChange(v === ANY ? '' : v)} size="2">
      <Select.Trigger aria-label={label} />
      <SelectOptions options={options.map(([v, text]) => ({ value: v || ANY, label: text }))} />
    </Select.Root>
  );
}

export function UserListFilters({ features, change }: FiltersProps) {
  const search = UserListCtx.useSelector(selectSearch);
  // A type only allow_customer_type may give is still a type one may filter by when the URL names it.
  const types = [...new Set([...userTypesFor(features), ...(search.user_type ? [search.user_type] : [])])];
  return (
    <Flex gap="3" align="center" wrap="wrap">
      <FilterSelect
        label="User type"
        value={search.user_type}
        onChange={(user_type) => change({ user_type: user_type as ListSearch['user_type'] })}
        options={[['', 'All types'], ...types.map((t) => [t, userTypeLabel(t)] as const)]}
      />
      <FilterSelect
        label="Category"
        value={search.user_category}
        onChange={(c) => change({ user_category: c as ListSearch['user_category'] })}
        options={[['', 'All categories'], ...USER_CATEGORIES.map((c) => [c, categoryLabel(c)] as const)]}
      />
      <FilterSelect
        label="Status"
        value={search.active}
        onChange={(active) => change({ active: active as ListSearch['active'] })}
        options={[
          ['', 'Active and inactive'],
          ['true', 'Active'],
          ['false', 'Inactive'],
        ]}
      />
      {search.organization_id === '' ? (
        <OrgPicker
          value={null}
          onChange={(pick) => pick && change({ organization_id: pick.org_id, org_name: pick.title })}
          placeholder="Organization"
        />
      ) : (
        <Badge
          size="2"
          variant="soft"
          aria-label={`Organization filter: ${search.org_name || `#${search.organization_id}`}`}
        >
          <Flex gap="1" align="center">
            <Text>Organization: {search.org_name || `#${search.organization_id}`}</Text>
            <IconButton
              size="1"
              variant="ghost"
              aria-label="Remove organization filter"
              onClick={() => change({ organization_id: '', org_name: '' })}
            >
              ×
            </IconButton>
          </Flex>
        </Badge>
      )}
      {features.includes('deleted_user') && (
        <Text as="label" size="2">
          <Flex gap="2" align="center">
            <Checkbox
              checked={search.deleted !== 'exclude'}
              onCheckedChange={(on) => change({ deleted: on === true ? 'include' : 'exclude' })}
            />
            Show deleted
          </Flex>
        </Text>
      )}
    </Flex>
  );
}

export function UserListOrder({ change }: Pick<FiltersProps, 'change'>) {
  const search = UserListCtx.useSelector(selectSearch);
  return (
    <Flex gap="2" align="center">
      <FilterSelect
        label="Sort by"
        value={search.sort}
        onChange={(sort) => change({ sort: (sort || 'id') as SortKey })}
        options={SORT_KEYS.map((k) => [k, SORT_LABELS[k]] as const)}
      />
      <FilterSelect
        label="Direction"
        value={search.dir}
        onChange={(dir) => change({ dir: (dir || 'desc') as ListSearch['dir'] })}
        options={[
          ['asc', 'Ascending'],
          ['desc', 'Descending'],
        ]}
      />
    </Flex>
  );
}

export function PageSizeSelect({ change }: Pick<FiltersProps, 'change'>) {
  const search = UserListCtx.useSelector(selectSearch);
  return (
    <Flex gap="2" align="center">
      <Text size="2" color="gray">
        Rows per page
      </Text>
      <FilterSelect
        label="Rows per page"
        value={String(search.page_size)}
        onChange={(size) => change({ page_size: Number(size) as ListSearch['page_size'] })}
        options={PAGE_SIZES.map((n) => [String(n), String(n)] as const)}
      />
    </Flex>
  );
}
