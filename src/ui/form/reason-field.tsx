// The reason a person gives for taking something away (a rejection, an ending): a few lines under
// the label Reason, cut at the length the server takes, with a hint under them where one helps.
import { TextArea } from '@radix-ui/themes';
import { described, FieldFrame } from './field-frame';

export function ReasonField({
  id,
  value,
  maxLength,
  disabled,
  hint,
  onChange,
}: {
  id: string;
  value: string;
  maxLength: number;
  disabled?: boolean;
  hint?: string;
  onChange: (text: string) => void;
}) {
  return (
    <FieldFrame id={id} label="Reason" hint={hint}>
      <TextArea
        id={id}
        value={value}
        maxLength={maxLength}
        disabled={disabled}
        onChange={(e) => onChange(e.currentTarget.value)}
        {...described(id, undefined, hint)}
      />
    </FieldFrame>
  );
}
