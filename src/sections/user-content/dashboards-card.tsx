// The user's dashboards (name, template, widgets) and one dashboard's settings in words.
import { Button, DataList, Flex, Table, Text, VisuallyHidden } from '@radix-ui/themes';
import { DASHBOARD_TEMPLATE_LABELS, DASHBOARD_WIDGET_LABELS } from '../../domain/user-content';
import { selectBusy, selectSettings, selectSettingsFailed, selectSettingsLoading } from './user-content.selectors';
import { UserContentCtx } from './user-content-context';
import { ContentListSection } from './section-frame';
import { RetryCallout } from '../../ui/shared/retry-callout';
import { TableHead } from '../../ui/shared/table-head';
import { ViewDialog } from '../../ui/shared/view-dialog';

export function DashboardsCard() {
  const actor = UserContentCtx.useActorRef();
  const busy = UserContentCtx.useSelector(selectBusy);
  return (
    <>
      <ContentListSection
        section="dashboard"
        title="Dashboards"
        copy="dashboard"
        items={(r) => r.items}
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
    <ViewDialog
      title={`Settings of ${name}`}
      description={`${DASHBOARD_TEMPLATE_LABELS[dialog.dashboard.template]} template, as the user keeps it.`}
      maxWidth="560px"
      onClose={() => actor.send({ type: 'settings.close' })}
    >
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
    </ViewDialog>
  );
}

/** 'Every minute', 'Every 5 minutes', 'Every 30 seconds', 'Never' (0). */
export function refreshText(seconds: number): string {
  if (seconds <= 0) return 'Never';
  if (seconds % 60 === 0) return seconds === 60 ? 'Every minute' : `Every ${seconds / 60} minutes`;
  return `Every ${seconds} seconds`;
}
