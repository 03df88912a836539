// Applying a template: the accounts are chosen with the organization picker, the dry run says in
// words what changes on each (and which of the template's groups each account has), the person
// confirms, and the outcome is said. When an account changed since the dry run nothing is applied,
// and the person is asked to look at the changes again.
import { Badge, Box, Button, Callout, Card, Dialog, Flex, Heading, IconButton, Text } from '@radix-ui/themes';
import { changeInWords } from '../../domain/account-labels';
import {
  selectApply,
  selectApplyDone,
  selectApplyOpen,
  selectApplyRunning,
  selectChoosing,
  selectError,
  selectPreviewing,
  selectReviewing,
} from './templates.selectors';
import { useConsole } from '../../ui/console-context';
import { OrgPicker } from '../organizations/org-picker';
import { TemplatesCtx } from './templates-context';
import { countText } from '../../domain/format';
import { CancelButton } from '../../ui/shared/cancel-button';
import { useDialogFocus } from '../../ui/shared/dialog-focus';

const accounts = (n: number) => (n === 1 ? '1 account' : `${countText(n)} accounts`);

export function TemplateApplyDialog() {
  const editor = TemplatesCtx.useActorRef();
  const { config } = useConsole();
  const open = TemplatesCtx.useSelector(selectApplyOpen);
  const apply = TemplatesCtx.useSelector(selectApply);
  const choosing = TemplatesCtx.useSelector(selectChoosing);
  const previewing = TemplatesCtx.useSelector(selectPreviewing);
  const reviewing = TemplatesCtx.useSelector(selectReviewing);
  const running = TemplatesCtx.useSelector(selectApplyRunning);
  const done = TemplatesCtx.useSelector(selectApplyDone);
  const error = TemplatesCtx.useSelector(selectError);
  const { onCloseAutoFocus } = useDialogFocus(open && !!apply);
  if (!open || !apply) return null;
  const busy = previewing || running;
  const names: Record<number, string> = { [apply.template.id]: apply.template.template_name };
  for (const a of apply.preview?.accounts ?? []) if (a.following?.name) names[a.following.id] = a.following.name;
  const changing = (apply.preview?.accounts ?? []).filter((a) => Object.keys(a.changes).length > 0).length;
  return (
    <Dialog.Root open onOpenChange={(o) => !o && !busy && editor.send({ type: 'apply.close' })}>
      <Dialog.Content onCloseAutoFocus={onCloseAutoFocus} maxWidth="760px">
        <Dialog.Title>{`Apply '${apply.template.template_name}'`}</Dialog.Title>
        <Dialog.Description size="2" mb="3">
          {done
            ? 'Done.'
            : reviewing
              ? 'What changes on each account. Nothing is written until you apply.'
              : 'Choose the accounts to apply the template to, then look at what changes.'}
        </Dialog.Description>
        {error && (
          <Callout.Root color="red" role="alert" mb="3">
            <Callout.Text>{error}</Callout.Text>
          </Callout.Root>
        )}
        {(choosing || previewing) && (
          <Flex direction="column" gap="3">
            <Box>
              <Text as="div" size="2" weight="medium" mb="1">
                Add an account
              </Text>
              <OrgPicker
                value={null}
                disabled={previewing}
                placeholder="Organization"
                onChange={(pick) =>
                  pick && editor.send({ type: 'apply.add', account: { id: pick.org_id, name: pick.title } })
                }
              />
            </Box>
            <Flex
              direction="column"
              gap="1"
              role={apply.accounts.length ? 'list' : undefined}
              aria-label={apply.accounts.length ? 'Chosen accounts' : undefined}
            >
              {apply.accounts.length === 0 && (
                <Text size="2" color="gray">
                  No account chosen yet.
                </Text>
              )}
              {apply.accounts.map((a) => (
                <Flex key={a.id} role="listitem" aria-label={a.name} align="center" gap="2">
                  <Text size="2">{a.name}</Text>
                  <IconButton
                    size="1"
                    variant="ghost"
                    color="gray"
                    disabled={previewing}
                    aria-label={`Remove ${a.name}`}
                    onClick={() => editor.send({ type: 'apply.remove', id: a.id })}
                  >
                    ×
                  </IconButton>
                </Flex>
              ))}
            </Flex>
            <Flex gap="3" justify="end">
              <CancelButton disabled={previewing} onClick={() => editor.send({ type: 'apply.close' })} />
              <Button
                loading={previewing}
                disabled={apply.accounts.length === 0}
                onClick={() => editor.send({ type: 'apply.preview' })}
              >
                Show changes
              </Button>
            </Flex>
          </Flex>
        )}
        {reviewing && apply.preview && (
          <Flex direction="column" gap="3">
            <Text as="p" size="2" aria-label="Changes summary">
              {changing === 0
                ? 'No account changes: each already matches the template.'
                : `${countText(changing)} of ${accounts(apply.preview.accounts.length)} change.`}
            </Text>
            <Flex
              direction="column"
              gap="2"
              role="list"
              aria-label="Changes by account"
              style={{ maxHeight: '50vh', overflowY: 'auto' }}
            >
              {apply.preview.accounts.map((a) => {
                const changes = Object.entries(a.changes);
                return (
                  // Full height in the scrolling list: a shrunk card would clip its changes.
                  <Card key={a.account_id} role="listitem" aria-label={a.account_name} style={{ flexShrink: 0 }}>
                    <Flex justify="between" align="center" mb="1">
                      <Heading as="h3" size="2">
                        {a.account_name}
                      </Heading>
                      {changes.length === 0 ? (
                        <Badge color="gray">No change</Badge>
                      ) : (
                        <Badge>{changes.length === 1 ? '1 change' : `${changes.length} changes`}</Badge>
                      )}
                    </Flex>
                    <Text as="p" size="1" color="gray">
                      {a.following
                        ? `Follows '${a.following.name ?? `#${a.following.id}`}' now.`
                        : 'Follows no template now.'}
                    </Text>
                    {changes.length > 0 && (
                      <ul aria-label={`Changes to ${a.account_name}`} style={{ margin: '4px 0', paddingLeft: 20 }}>
                        {changes.map(([key, [before, after]]) => (
                          <li key={key}>
                            <Text size="2">{changeInWords(config.product_key, key, before, after, names)}</Text>
                          </li>
                        ))}
                      </ul>
                    )}
                    {(a.groups_matched.length > 0 || a.groups_unmatched.length > 0) && (
                      <Text as="p" size="1" color="gray">
                        {a.groups_matched.length > 0 ? `New users will join ${a.groups_matched.join(', ')}.` : ''}
                        {a.groups_unmatched.length > 0
                          ? ` No group named ${a.groups_unmatched.join(', ')} in this account.`
                          : ''}
                      </Text>
                    )}
                  </Card>
                );
              })}
            </Flex>
            <Flex gap="3" justify="end">
              <CancelButton disabled={running} onClick={() => editor.send({ type: 'apply.close' })} />
              <Button variant="soft" disabled={running} onClick={() => editor.send({ type: 'apply.back' })}>
                Back
              </Button>
              <Button
                loading={running}
                onClick={() => editor.send({ type: 'apply.confirm' })}
              >{`Apply to ${accounts(apply.preview.accounts.length)}`}</Button>
            </Flex>
          </Flex>
        )}
        {done && apply.outcome && (
          <Flex direction="column" gap="3">
            <Callout.Root color="blue" role="status" aria-label="Apply outcome">
              <Callout.Text>
                {apply.outcome.msg}{' '}
                {apply.outcome.changed === apply.outcome.applied
                  ? ''
                  : `${accounts(apply.outcome.applied - apply.outcome.changed)} already matched it.`}
                {` ${(apply.outcome.template.accounts ?? 0) === 1 ? '1 account follows' : `${accounts(apply.outcome.template.accounts ?? 0)} follow`} it now.`}
              </Callout.Text>
            </Callout.Root>
            <Flex justify="end">
              <Button onClick={() => editor.send({ type: 'apply.close' })}>Close</Button>
            </Flex>
          </Flex>
        )}
      </Dialog.Content>
    </Dialog.Root>
  );
}
