// The field a broker is found by: its name, legal name or short name, as Broker Details' picker and
// the Brokers list search them.
import { TextField } from '@radix-ui/themes';
import { BROKER_LIMITS } from '../../domain/broker-research-brokers';
import { FieldFrame } from '../../ui/form/field-frame';

export function BrokerNameField({
  id,
  value,
  onChange,
}: {
  id: string;
  value: string;
  onChange: (text: string) => void;
}) {
  return (
    <FieldFrame id={id} label="Broker name">
      <TextField.Root
        id={id}
        value={value}
        maxLength={BROKER_LIMITS.search}
        onChange={(e) => onChange(e.target.value)}
        placeholder="Part of a name, legal name or short name"
      />
    </FieldFrame>
  );
}
