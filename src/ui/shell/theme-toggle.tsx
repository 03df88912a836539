// The header's Theme menu: Light, Dark, or the system's preference, kept for the signed-in staff
// member in this browser (src/ui/appearance.ts reads it on every page load once they sign in).
import { Button, DropdownMenu } from '@radix-ui/themes';
import { useSelector } from '@xstate/react';
import {
  APPEARANCE_CHANGED,
  appearanceKey,
  storedAppearance,
  useAppearance,
  type AppearanceChoice,
} from '../appearance';
import { useConsole } from '../console-context';

const CHOICES: readonly { value: AppearanceChoice; label: string }[] = [
  { value: 'light', label: 'Light' },
  { value: 'dark', label: 'Dark' },
  { value: 'system', label: 'System' },
];

/** A year: the choice outlives sign-outs, which clear localStorage (spec §4). */
const KEPT_SECONDS = 365 * 24 * 3600;

/** Keeps the choice and tells the page. */
function keepChoice(staffId: number, choice: AppearanceChoice): void {
  const secure = location.protocol === 'https:' ? '; secure' : '';
  const age = choice === 'system' ? 0 : KEPT_SECONDS;
  document.cookie = `${appearanceKey(staffId)}=${choice}; max-age=${age}; path=/; samesite=lax${secure}`;
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
        <DropdownMenu.RadioGroup value={choice} onValueChange={(v) => keepChoice(staffId, v as AppearanceChoice)}>
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
