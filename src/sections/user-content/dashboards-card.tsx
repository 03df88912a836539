// The user's dashboards (name, template, widgets) and one dashboard's settings in words.
import { Button, DataList, Dialog, Flex, Table, Text, VisuallyHidden } from '@radix-ui/themes';
import { DASHBOARD_TEMPLATE_LABELS, DASHBOARD_WIDGET_LABELS } from '../../domain/user-content';
import {
  selectBusy,
  selectParts,
  selectSettings,
  selectSettingsFailed,
  selectSettingsLoading,
} from './user-content.selectors';
import { UserContentCtx } from './user-content-context';
import { ContentTable } from './content-table';
import { CopyButton } from './copy-button';
import { SectionFrame } from './section-frame';
import { RetryCallout } from '../../ui/shared/retry-callout';
import { TableHead } from '../../ui/shared/table-head';

export function DashboardsCard() {
  const actor = UserContentCtx.useActorRef();
  const part = UserContentCtx.useSelector(selectParts).dashboard;
  const busy = UserContentCtx.useSelector(selectBusy);
  return (
    <>
      <SectionFrame
        section="dashboard"
        title="Dashboards"
        part={part}
        empty="No dashboards."
        isEmpty={(r) => r.items.length === 0}
        actions={<CopyButton kind="dashboard" />}
      >
        {(r) => (
          <ContentTable
            caption="Dashboards"
            copy="dashboard"
            items={r.items}
            headers={[
              'Template',
              'Widgets',
              <Text key="settings" size="1" color="gray">
                Settings
              </Text>,
            ]}
            cells={(d) => (
              <>
                <Table.Cell>{DASHBOARD_TEMPLATE_LABELS[d.template]}</Table.Cell>
                <Table.Cell>{d.widgets}</Table.Cell>
                <Table.Cell>
                  <Button
                    size="1"
                    variant="soft"
                    color="gray"
                    disabled={busy}
                    aria-label={`Settings of ${d.name}`}
                    aria-haspopup="dialog"
                    onClick={() => actor.send({ type: 'settings.open', id: d.id })}
                  >
                    Settings
                  </Button>
                </Table.Cell>
              </>
            )}
          />
        )}
      </SectionFrame>
      <SettingsDialog />
    </>
  );
}

function SettingsDialog() {
  const actor = UserContentCtx.useActorRef();
  const dialog = UserContentCtx.useSelector(selectSettings);
  const loading = UserContentCtx.useSelector(selectSettingsLoading);
  const failed = UserContentCtx.useSelector(selectSettingsFailed);
  if (!dialog) return null;
  const name = dialog.dashboard.name;
  const s = dialog.reply?.settings;
  return (
    <Dialog.Root open onOpenChange={(open) => !open && actor.send({ type: 'settings.close' })}>
      <Dialog.Content maxWidth="560px" aria-label={`Settings of ${name}`}>
        <Dialog.Title>Settings of {name}</Dialog.Title>
        <Dialog.Description size="2" color="gray" mb="3">
          {DASHBOARD_TEMPLATE_LABELS[dialog.dashboard.template]} template, as the user keeps it.
        </Dialog.Description>
        {loading && (
          <Text size="2" color="gray" role="status" aria-label="Loading settings">
            Loading settings…
          </Text>
        )}
        {failed && <RetryCallout error={dialog.error} onRetry={() => actor.send({ type: 'settings.retry' })} />}
        {s && (
          <Flex direction="column" gap="3">
            <DataList.Root size="2" aria-label="Dashboard settings">
              <DataList.Item>
                <DataList.Label>Layout</DataList.Label>
                <DataList.Value>{s.layout === 'grid' ? 'Grid' : 'Columns'}</DataList.Value>
              </DataList.Item>
              <DataList.Item>
                <DataList.Label>Refreshes</DataList.Label>
                <DataList.Value>{refreshText(s.refresh_seconds)}</DataList.Value>
              </DataList.Item>
            </DataList.Root>
            <Table.Root size="1" variant="ghost">
              <VisuallyHidden asChild>
                <caption>Widgets</caption>
              </VisuallyHidden>
              <TableHead columns={['Widget', 'Title', 'Watchlist']} />
              <Table.Body>
                {s.widgets.map((w, i) => (
                  <Table.Row key={i} aria-label={w.title}>
                    <Table.RowHeaderCell>{DASHBOARD_WIDGET_LABELS[w.type]}</Table.RowHeaderCell>
                    <Table.Cell>{w.title}</Table.Cell>
                    <Table.Cell>{w.watchlist ?? <Text color="gray">None</Text>}</Table.Cell>
                  </Table.Row>
                ))}
              </Table.Body>
            </Table.Root>
          </Flex>
        )}
        <Flex justify="end" mt="3">
          <Dialog.Close>
            <Button variant="soft" color="gray">
              Close
            </Button>
          </Dialog.Close>
        </Flex>
      </Dialog.Content>
    </Dialog.Root>
  );
}

/** 'Every minute', 'Every 5 minutes', 'Every 30 seconds', 'Never' (0). */
export function refreshText(seconds: number): string {
  if (seconds <= 0) return 'Never';
  if (seconds % 60 === 0) return seconds === 60 ? 'Every minute' : `Every ${seconds / 60} minutes`;
  return `Every ${seconds} seconds`;
}
