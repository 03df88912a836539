// The organization a screen works in (Group Management, Group ManagementV2, Restrict Broker): the
// word Organization above the shared picker, a pick telling the screen's machine `org.pick` and
// clearing it `org.clear`.
import { Box, Text } from '@radix-ui/themes';
import type { CSSProperties } from 'react';
import type { OrgPick } from '../../domain/users';
import { OrgPicker } from './org-picker';

/** What a screen's machine hears from the choice. */
export type OrgChoiceEvent = { type: 'org.pick'; org: OrgPick } | { type: 'org.clear' };

export function OrgChoice({
  value,
  disabled,
  actor,
  style,
}: {
  value: OrgPick | null;
  disabled: boolean;
  actor: { send(event: OrgChoiceEvent): void };
  /** The box's share of the row it stands in. */
  style: CSSProperties;
}) {
  return (
    <Box style={style}>
      <Text as="div" size="2" weight="medium" mb="1">
        Organization
      </Text>
      <OrgPicker
        value={value}
        disabled={disabled}
        onChange={(pick) => actor.send(pick ? { type: 'org.pick', org: pick } : { type: 'org.clear' })}
      />
    </Box>
  );
}

/** A line under the choice: where the screen stands, and whether it is a read's progress or outcome (a status). */
export interface OrgStageNote {
  text: string;
  status: boolean;
}

/** The screen's note for its stage, in gray under the choice; nothing where the stage has none. */
export function OrgStageLine({ note }: { note: OrgStageNote | undefined }) {
  if (!note) return null;
  return (
    <Text as="p" size="2" color="gray" mt="3" role={note.status ? 'status' : undefined}>
      {note.text}
    </Text>
  );
}
