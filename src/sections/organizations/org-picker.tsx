// The organisation picker (spec §2 shared pieces, §5): a combobox that searches from the second
// character, 200 ms after the last keystroke, and lists the matches under the field. Arrow keys
// move through them, Enter chooses, Escape closes. The field shows the chosen organisation
// whenever the person is not typing: only a chosen organisation is ever a value.
import { Box, Button, Flex, IconButton, Text, TextField } from '@radix-ui/themes';
import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useId, type FocusEvent, type KeyboardEvent } from 'react';
import type { Organization, OrgPick } from '../../domain/users';
import { liveOrgSearchMachine } from './org-search.live';
import type { orgSearchMachine } from './org-search.machine';
import {
  selectError,
  selectHighlighted,
  selectNothingFound,
  selectOpen,
  selectQuery,
  selectResults,
  selectSearching,
  selectTooShort,
} from './org-search.selectors';
import type { ActorRefFrom } from 'xstate';
import { useInspect } from '../../ui/console-context';
import { MatchList } from '../../ui/shared/match-list';

export interface OrgPickerProps {
  value: OrgPick | null;
  onChange(pick: OrgPick | null): void;
  placeholder?: string;
  disabled?: boolean;
}

export type OrgSearchActor = ActorRefFrom<typeof orgSearchMachine>;

const orgSearchLogic = liveOrgSearchMachine();

export const toOrgPick = (org: Organization): OrgPick => ({
  title: org.name,
  org_id: org.id,
  salesforceId: org.salesforceId,
});

/** The picker with its own search actor: what forms mount. */
export function OrgPicker(props: OrgPickerProps) {
  const search = useActorRef(orgSearchLogic, { inspect: useInspect() });
  return <OrgPickerField {...props} search={search} />;
}

/** The picker around a given search actor (tests hold the actor to follow its states). */
export function OrgPickerField({
  value,
  onChange,
  placeholder = 'Organization',
  disabled = false,
  search,
}: OrgPickerProps & { search: OrgSearchActor }) {
  const id = useId();
  const listId = `${id}-list`;
  const open = useSelector(search, selectOpen);
  const query = useSelector(search, selectQuery);
  const tooShort = useSelector(search, selectTooShort);
  const searching = useSelector(search, selectSearching);
  const results = useSelector(search, selectResults);
  const highlighted = useSelector(search, selectHighlighted);
  const nothingFound = useSelector(search, selectNothingFound);
  const error = useSelector(search, selectError);
  const optionId = (i: number) => `${id}-option-${i}`;

  // Keeps the option the arrow keys reach in sight inside the scrolling list.
  const active = results.length ? `${id}-option-${highlighted}` : null;
  useEffect(() => {
    if (active) document.getElementById(active)?.scrollIntoView({ block: 'nearest' });
  }, [active]);

  const choose = (index: number) => {
    const org = results[index];
    if (!org) return;
    search.send({ type: 'option.choose', index });
    onChange(toOrgPick(org));
  };

  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'ArrowDown' && results.length) {
      e.preventDefault();
      search.send({ type: 'highlight.next' });
    } else if (e.key === 'ArrowUp' && results.length) {
      e.preventDefault();
      search.send({ type: 'highlight.prev' });
    } else if (e.key === 'Enter' && open) {
      // Never submits the surrounding form while the list is open.
      e.preventDefault();
      if (results.length) choose(highlighted);
      else if (error) search.send({ type: 'list.retry' });
    } else if (e.key === 'Escape' && open) {
      e.preventDefault();
      e.stopPropagation();
      search.send({ type: 'list.close' });
    }
  };

  // Focus moving inside the picker (to Retry) keeps the list; leaving it closes the list.
  const onBlur = (e: FocusEvent<HTMLDivElement>) => {
    if (open && !e.currentTarget.contains(e.relatedTarget as Node | null)) search.send({ type: 'list.close' });
  };

  return (
    <Box position="relative" onBlur={onBlur}>
      <TextField.Root
        role="combobox"
        aria-label={placeholder}
        aria-autocomplete="list"
        aria-expanded={open}
        aria-controls={open ? listId : undefined}
        aria-activedescendant={active ?? undefined}
        autoComplete="off"
        placeholder={placeholder}
        disabled={disabled}
        value={open ? query : (value?.title ?? '')}
        onChange={(e) => search.send({ type: 'query.change', query: e.target.value })}
        onKeyDown={onKeyDown}
      >
        {value && !disabled && !open && (
          <TextField.Slot side="right">
            <IconButton
              type="button"
              size="1"
              variant="ghost"
              color="gray"
              aria-label={`Clear ${placeholder.toLowerCase()}`}
              onClick={() => onChange(null)}
            >
              ×
            </IconButton>
          </TextField.Slot>
        )}
      </TextField.Root>
      {open && (
        <MatchList
          id={listId}
          maxHeight={300}
          role={results.length ? 'listbox' : 'presentation'}
          label={results.length ? `${placeholder} matches` : undefined}
        >
          {tooShort && (
            <Text as="p" size="2" color="gray" m="2" role="status">
              Type at least 2 characters to search.
            </Text>
          )}
          {searching && (
            <Text as="p" size="2" color="gray" m="2" role="status">
              Searching…
            </Text>
          )}
          {nothingFound && (
            <Text as="p" size="2" color="gray" m="2" role="status">
              No organizations match “{query.trim()}”.
            </Text>
          )}
          {error && (
            <Flex align="center" justify="between" gap="2" m="2">
              <Text size="2" color="red" role="alert">
                Could not search organizations. {error}
              </Text>
              <Button type="button" size="1" variant="soft" onClick={() => search.send({ type: 'list.retry' })}>
                Retry
              </Button>
            </Flex>
          )}
          {results.map((org, i) => (
            <Flex
              key={org.id}
              id={optionId(i)}
              role="option"
              aria-selected={i === highlighted}
              direction="column"
              px="2"
              py="1"
              style={{
                cursor: 'pointer',
                borderRadius: 'var(--radius-2)',
                background: i === highlighted ? 'var(--accent-a4)' : undefined,
              }}
              onClick={() => choose(i)}
            >
              <Text size="2">{org.name}</Text>
              {org.salesforceId && (
                <Text size="1" color="gray">
                  Salesforce {org.salesforceId}
                </Text>
              )}
            </Flex>
          ))}
        </MatchList>
      )}
    </Box>
  );
}
