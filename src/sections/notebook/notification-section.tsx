// Email notifications: how often, and about which notebook content (not while Never); who saved
// them last. With someone else's setting loaded meanwhile, what is stored now is said beside it.
import { Button, Checkbox, Flex, RadioGroup, Text } from '@radix-ui/themes';
import {
  NOTEBOOK_CONTENT_LABELS,
  NOTEBOOK_CONTENT_TYPES,
  NOTIFICATION_FREQUENCIES,
  NOTIFICATION_FREQUENCY_LABELS,
  type NotificationFrequency,
  type NotificationSetting,
} from '../../domain/notebook';
import {
  selectBusy,
  selectContentOpen,
  selectFieldErrors,
  selectMayEdit,
  selectNotification,
  selectPartChanged,
  selectSavingPart,
  selectSetting,
  selectStale,
} from './notebook.selectors';
import { FieldFrame } from '../../ui/form/field-frame';
import { NotebookCtx } from './notebook-context';
import { timeText } from '../../domain/format';
import { TitledCard } from '../../ui/shared/titled-card';

export const notificationText = (n: NotificationSetting) =>
  n.frequency === 'off'
    ? NOTIFICATION_FREQUENCY_LABELS.off
    : `${NOTIFICATION_FREQUENCY_LABELS[n.frequency]}: ${n.content_types.map((c) => NOTEBOOK_CONTENT_LABELS[c]).join(', ') || 'nothing'}`;
const selectNotificationChanged = selectPartChanged('notification');

export function NotificationSection() {
  const actor = NotebookCtx.useActorRef();
  const notification = NotebookCtx.useSelector(selectNotification);
  const setting = NotebookCtx.useSelector(selectSetting);
  const mayEdit = NotebookCtx.useSelector(selectMayEdit);
  const contentOpen = NotebookCtx.useSelector(selectContentOpen);
  const changed = NotebookCtx.useSelector(selectNotificationChanged);
  const busy = NotebookCtx.useSelector(selectBusy);
  const saving = NotebookCtx.useSelector(selectSavingPart) === 'notification';
  const stale = NotebookCtx.useSelector(selectStale);
  const errors = NotebookCtx.useSelector(selectFieldErrors);
  return (
    <TitledCard label="Email notifications" title="Email notifications">
      <FieldFrame label="How often" error={errors['frequency'] || undefined}>
        <RadioGroup.Root
          aria-label="How often"
          value={notification.frequency}
          disabled={!mayEdit || busy}
          onValueChange={(value) => actor.send({ type: 'frequency.set', frequency: value as NotificationFrequency })}
        >
          <Flex gap="3" wrap="wrap">
            {NOTIFICATION_FREQUENCIES.map((f) => (
              <RadioGroup.Item key={f} value={f}>
                {NOTIFICATION_FREQUENCY_LABELS[f]}
              </RadioGroup.Item>
            ))}
          </Flex>
        </RadioGroup.Root>
      </FieldFrame>
      <FieldFrame label="About" error={errors['content_types'] || undefined}>
        <Flex gap="3" wrap="wrap" role="group" aria-label="About">
          {NOTEBOOK_CONTENT_TYPES.map((c) => (
            <Text as="label" size="2" key={c}>
              <Flex gap="1" align="center">
                <Checkbox
                  checked={notification.content_types.includes(c)}
                  disabled={!contentOpen || busy}
                  onCheckedChange={() => actor.send({ type: 'content.toggle', content: c })}
                />
                {NOTEBOOK_CONTENT_LABELS[c]}
              </Flex>
            </Text>
          ))}
        </Flex>
      </FieldFrame>
      {stale && setting && changed && (
        <Text size="2" color="amber" aria-label="Notifications saved now">
          Saved now: {notificationText(setting.notification)}
        </Text>
      )}
      <Flex gap="3" align="center" justify="between" wrap="wrap">
        <Text size="1" color="gray" aria-label="Last saved">
          {setting?.updated_by && setting.updated_at
            ? `Last saved by ${setting.updated_by} on ${timeText(setting.updated_at)}`
            : 'Never changed: the defaults apply.'}
        </Text>
        {mayEdit && (
          <Button disabled={!changed || busy} onClick={() => actor.send({ type: 'save', part: 'notification' })}>
            {saving ? 'Saving…' : 'Save notifications'}
          </Button>
        )}
      </Flex>
    </TitledCard>
  );
}
