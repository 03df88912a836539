// A browser select where a filter's choice must be a form control with an id its label points to
// (Radix's Select is a button): every value first ("Every category"), then one option a choice,
// drawn at the height and border of the fields beside it.
import type { CSSProperties } from 'react';

const STYLE: CSSProperties = {
  height: 32,
  padding: '0 8px',
  border: '1px solid var(--gray-a7)',
  borderRadius: 'var(--radius-2)',
  background: 'var(--color-surface)',
  color: 'var(--gray-12)',
};

export function NativeSelect<V extends string>({
  id,
  value,
  onChange,
  anyLabel,
  options,
}: {
  id: string;
  value: V | '';
  onChange: (value: V | '') => void;
  /** The first option, the empty value: no filter. */
  anyLabel: string;
  options: readonly { value: V; label: string }[];
}) {
  return (
    <select
      id={id}
      className="rt-reset"
      style={STYLE}
      value={value}
      // The options are the only values the select can take.
      onChange={(e) => onChange(e.target.value as V | '')}
    >
      <option value="">{anyLabel}</option>
      {options.map((o) => (
        <option key={o.value} value={o.value}>
          {o.label}
        </option>
      ))}
    </select>
  );
}
