// The header's Theme menu: Light, Dark, or the system's preference, kept for the signed-in staff
// member in this browser (src/ui/appearance.ts reads it on every page load once they sign in).
import { Button, DropdownMenu } from '@radix-ui/themes';
import { useSelector } from '@xstate/react';
import { APPEARANCE, APPEARANCE_CHANGED, storedAppearance, useAppearance, type AppearanceChoice } from '../appearance';
import { keepChoice } from '../kept-choice';
import { useConsole } from '../console-context';

const CHOICES: readonly { value: AppearanceChoice; label: string }[] = [
  { value: 'light', label: 'Light' },
  { value: 'dark', label: 'Dark' },
  { value: 'system', label: 'System' },
];

/** Keeps the choice (the system's preference is kept as none) and tells the page. */
function keepAppearance(staffId: number, choice: AppearanceChoice): void {
  keepChoice(staffId, APPEARANCE, choice === 'system' ? null : choice);
  dispatchEvent(new Event(APPEARANCE_CHANGED));
}

export function ThemeToggle() {
  const { session } = useConsole();
  const staffId = useSelector(session, (s) => s.context.info?.user_id ?? null);
  // Read again whenever the appearance changes.
  useAppearance();
  const choice = storedAppearance(staffId);
  if (staffId === null) return null;
  const label = CHOICES.find((c) => c.value === choice)!.label;
  return (
    <DropdownMenu.Root>
      <DropdownMenu.Trigger>
        <Button variant="soft" color="gray">
          Theme: {label} <DropdownMenu.TriggerIcon />
        </Button>
      </DropdownMenu.Trigger>
      <DropdownMenu.Content>
        <DropdownMenu.RadioGroup value={choice} onValueChange={(v) => keepAppearance(staffId, v as AppearanceChoice)}>
          {CHOICES.map((c) => (
            <DropdownMenu.RadioItem key={c.value} value={c.value}>
              {c.label}
            </DropdownMenu.RadioItem>
          ))}
        </DropdownMenu.RadioGroup>
      </DropdownMenu.Content>
    </DropdownMenu.Root>
  );
}
