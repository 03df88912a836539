// The broker filter: the brokers (read once with the list) searched by name as the person types;
// a chosen broker shows by name with a way to clear it.
import { Box, Flex, Text, TextField } from '@radix-ui/themes';
import { useState } from 'react';
import { filterBrokers } from '../../../domain/brokers';
import { selectBrokers } from './fulfillments.selectors';
import { FulfillmentsCtx } from './fulfillments-context';
import { ChosenFilter } from '../list-filters';
import { MatchOption } from '../../../ui/shared/match-list';

/** Matches listed under the field. */
const SHOWN = 8;

export function BrokerFilter({
  value,
  name,
  onChange,
}: {
  value: string;
  name: string | null;
  onChange: (id: string) => void;
}) {
  const brokers = FulfillmentsCtx.useSelector(selectBrokers);
  const [text, setText] = useState('');
  if (value !== '') {
    const chosen = name ?? brokers?.find((b) => String(b.id) === value)?.name ?? `Broker ${value}`;
    return <ChosenFilter label="Broker" text={chosen} onClear={() => onChange('')} />;
  }
  const matches = text.trim() === '' ? [] : filterBrokers(brokers ?? [], text).slice(0, SHOWN);
  return (
    <Flex direction="column" gap="1" position="relative">
      <Text size="1" color="gray">
        Broker
      </Text>
      <TextField.Root
        placeholder="Type a broker's name"
        aria-label="Broker"
        value={text}
        disabled={brokers === null}
        onChange={(e) => setText(e.currentTarget.value)}
      />
      {matches.length > 0 ? (
        <Box
          role="listbox"
          aria-label="Brokers"
          position="absolute"
          top="100%"
          mt="1"
          style={{
            zIndex: 5,
            background: 'var(--color-panel-solid)',
            boxShadow: 'var(--shadow-4)',
            borderRadius: 'var(--radius-3)',
            minWidth: 240,
          }}
        >
          {matches.map((b) => (
            <MatchOption
              key={b.id}
              px="3"
              py="2"
              onPick={() => {
                setText('');
                onChange(String(b.id));
              }}
            >
              {b.name}
            </MatchOption>
          ))}
        </Box>
      ) : null}
    </Flex>
  );
}
