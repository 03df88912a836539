// The copy dialog (contentCopy): the chosen items named, the users to copy to, what happens to a
// name a user already has, the preview per user with each clash, then the copy and its message.
// The server's words for a refused field are shown at that field.
import { Button, Callout, Dialog, Flex, RadioGroup, Table, Text, TextArea, VisuallyHidden } from '@radix-ui/themes';
import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import {
  CLASH_RESOLUTION_LABELS,
  CLASH_RESOLUTIONS,
  CONTENT_KIND_LABELS,
  type ClashResolution,
  type CopyClash,
  type CopyTarget,
} from '../../domain/user-content';
import type { contentCopyMachine } from './content-copy.machine';
import {
  selectBusy,
  selectCanPreview,
  selectCopyChanged,
  selectCopyDraft,
  selectCopying,
  selectDone,
  selectError,
  selectFailed,
  selectFieldErrors,
  selectItems,
  selectKind,
  selectMessage,
  selectOnClash,
  selectPreviewed,
  selectReport,
  selectTargets,
} from './content-copy.selectors';
import type { DraftAddress } from '../../services/drafts';
import { described, FieldFrame } from '../../ui/form/field-frame';
import { DraftKeeper, sameDraft } from '../../ui/form/form-draft';
import { RetryCallout } from '../../ui/shared/retry-callout';
import { TableHead } from '../../ui/shared/table-head';
import { useDialogFocus } from '../../ui/shared/dialog-focus';

type CopyActor = ActorRefFrom<typeof contentCopyMachine>;

export function CopyDraftKeeper({ address, actor }: { address: DraftAddress | null; actor: CopyActor }) {
  const draft = useSelector(actor, selectCopyDraft, sameDraft);
  const changed = useSelector(actor, selectCopyChanged);
  return (
    <DraftKeeper
      address={address}
      draft={draft}
      changed={changed}
      description="The copy to other users is not made yet."
    />
  );
}

/** 'Semiconductor earnings → Semiconductor earnings (2)', or what else becomes of it. */
export function clashText(c: CopyClash): string {
  if (c.resolution === 'rename') return `${c.name} → ${c.new_name ?? c.name}`;
  return c.resolution === 'skip' ? `${c.name}: skipped, theirs kept` : `${c.name}: replaces theirs`;
}

export function CopyDialog({ actor }: { actor: CopyActor }) {
  const kind = useSelector(actor, selectKind);
  const items = useSelector(actor, selectItems);
  const targets = useSelector(actor, selectTargets);
  const onClash = useSelector(actor, selectOnClash);
  const busy = useSelector(actor, selectBusy);
  const canPreview = useSelector(actor, selectCanPreview);
  const previewed = useSelector(actor, selectPreviewed);
  const copying = useSelector(actor, selectCopying);
  const failed = useSelector(actor, selectFailed);
  const done = useSelector(actor, selectDone);
  const report = useSelector(actor, selectReport);
  const message = useSelector(actor, selectMessage);
  const errors = useSelector(actor, selectFieldErrors);
  const error = useSelector(actor, selectError);
  const words = CONTENT_KIND_LABELS[kind];
  const title = `Copy ${items.length} ${items.length === 1 ? words.one : words.many} to users`;
  const { onCloseAutoFocus } = useDialogFocus(true);
  return (
    <Dialog.Root open onOpenChange={(open) => !open && actor.send({ type: done ? 'copy.close' : 'copy.cancel' })}>
      <Dialog.Content onCloseAutoFocus={onCloseAutoFocus} maxWidth="720px" aria-label={title}>
        <Dialog.Title>{title}</Dialog.Title>
        <Dialog.Description size="2" color="gray" mb="3">
          Each user gets a copy of their own; nothing of theirs changes unless you choose to replace it.
        </Dialog.Description>
        {done ? (
          <Callout.Root color="blue" role="status" aria-label="Copy result">
            <Callout.Text>{message}</Callout.Text>
          </Callout.Root>
        ) : (
          <Flex direction="column" gap="3">
            <div>
              <Text as="p" size="2" weight="medium">
                The {words.many} to copy
              </Text>
              <Text as="p" size="2" aria-label="Chosen items">
                {items.map((i) => i.name).join(', ')}
              </Text>
              {errors['item_ids'] && (
                <Text as="p" size="1" color="red" role="alert">
                  {errors['item_ids']}
                </Text>
              )}
            </div>
            <FieldFrame
              id="copy-targets"
              label="Users to copy to"
              error={errors['targets'] || undefined}
              hint="Emails, usernames or ids, one per line or comma-separated."
            >
              <TextArea
                id="copy-targets"
                rows={4}
                value={targets}
                disabled={busy}
                {...described('copy-targets', errors['targets'] || undefined, 'hint')}
                onChange={(e) => actor.send({ type: 'targets.change', text: e.target.value })}
              />
            </FieldFrame>
            <div>
              <Text as="p" size="2" weight="medium" mb="1" id="copy-clash-label">
                When a user already has the name
              </Text>
              <RadioGroup.Root
                aria-labelledby="copy-clash-label"
                value={onClash}
                disabled={busy}
                onValueChange={(value) => actor.send({ type: 'clash.change', choice: value as ClashResolution })}
              >
                {CLASH_RESOLUTIONS.map((r) => (
                  <RadioGroup.Item key={r} value={r}>
                    {CLASH_RESOLUTION_LABELS[r]}
                  </RadioGroup.Item>
                ))}
              </RadioGroup.Root>
            </div>
            {errors['_'] && errors['_'] !== errors['targets'] && errors['_'] !== errors['item_ids'] && (
              <Callout.Root color="red" role="alert" aria-label="Copy refused">
                <Callout.Text>{errors['_']}</Callout.Text>
              </Callout.Root>
            )}
            {failed && (
              <RetryCallout error={error} onRetry={() => actor.send({ type: 'copy.retry' })} label="Copy failed" />
            )}
            {(previewed || copying) && report && <PreviewTables targets={report.targets} msg={report.msg} />}
          </Flex>
        )}
        <Flex gap="3" mt="4" justify="end">
          {done ? (
            <Button variant="soft" color="gray" onClick={() => actor.send({ type: 'copy.close' })}>
              Close
            </Button>
          ) : (
            <>
              <Button variant="soft" color="gray" onClick={() => actor.send({ type: 'copy.cancel' })}>
                Cancel
              </Button>
              {previewed || copying ? (
                <Button disabled={busy} onClick={() => actor.send({ type: 'copy.send' })}>
                  {copying ? 'Copying…' : 'Copy'}
                </Button>
              ) : (
                <Button
                  variant="soft"
                  disabled={busy || !canPreview}
                  onClick={() => actor.send({ type: 'copy.preview' })}
                >
                  {busy ? 'Previewing…' : 'Preview'}
                </Button>
              )}
            </>
          )}
        </Flex>
      </Dialog.Content>
    </Dialog.Root>
  );
}

function PreviewTables({ targets, msg }: { targets: CopyTarget[]; msg: string }) {
  return (
    <Flex direction="column" gap="3" role="region" aria-label="Preview">
      <Text size="2" weight="medium">
        {msg}
      </Text>
      {targets.map((t) => (
        <div key={t.user_id} role="group" aria-label={`Preview for ${t.username}`}>
          <Text as="p" size="2" weight="medium">
            {t.name ? `${t.name} (${t.username})` : t.username}
          </Text>
          <Table.Root size="1" variant="ghost">
            <VisuallyHidden asChild>
              <caption>{`What ${t.username} gets`}</caption>
            </VisuallyHidden>
            <TableHead columns={['Added', 'Renamed', 'Skipped', 'Replaced']} />
            <Table.Body>
              <Table.Row aria-label="Counts">
                <Table.Cell>{t.added}</Table.Cell>
                <Table.Cell>{t.renamed}</Table.Cell>
                <Table.Cell>{t.skipped}</Table.Cell>
                <Table.Cell>{t.replaced}</Table.Cell>
              </Table.Row>
            </Table.Body>
          </Table.Root>
          {t.clash_count > 0 && (
            <ul aria-label={`Clashes for ${t.username}`} style={{ margin: '4px 0 0', paddingLeft: 20 }}>
              {t.clashes.map((c) => (
                <li key={c.item_id}>
                  <Text size="2">{clashText(c)}</Text>
                </li>
              ))}
              {t.clash_count > t.clashes.length && (
                <li>
                  <Text size="2" color="gray">
                    and {t.clash_count - t.clashes.length} more
                  </Text>
                </li>
              )}
            </ul>
          )}
        </div>
      ))}
    </Flex>
  );
}
