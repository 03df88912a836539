// The dry run and the change: how many identifiers match users and which do not, how many users'
// tags Reset Tags and Add Tags would change; the two buttons, each with its own loading state;
// the confirmation; and the answer (spec §8: 'Response Status : Success', 'Invalid Users:').
import { Box, Button, Callout, Flex, Text } from '@radix-ui/themes';
import type { ReactNode } from 'react';
import {
  LIST_SHOWN,
  selectApplyingMode,
  selectAwaitingTags,
  selectConfirming,
  selectDone,
  selectError,
  selectFailed,
  selectMayApply,
  selectMode,
  selectPreview,
  selectPreviewFailed,
  selectPreviewing,
  selectResult,
  selectShowsPreview,
  selectUpload,
} from './bulk-tag-upload.selectors';
import { BulkTagUploadCtx } from './bulk-tag-upload-context';
import { countText } from '../../domain/format';
import { ConfirmDialog } from '../../ui/shared/confirm-dialog';
import { DownloadButton } from '../../ui/shared/upload-buttons';
import { UploadFailed } from '../../ui/shared/upload-outcome';
import { UploadProgress } from '../../ui/shared/upload-progress';
import { plural } from '../../ui/shared/upload-words';

export const RESET_TAGS = 'Reset Tags';
export const ADD_TAGS = 'Add Tags';
export const UNMATCHED_DOWNLOAD = 'Download unmatched identifiers (CSV)';
export const INVALID_DOWNLOAD = 'Download invalid users (CSV)';

/** A bounded list of identifiers: the first LIST_SHOWN, the rest in the download. */
function Identifiers({ label, values, download }: { label: string; values: readonly string[]; download: ReactNode }) {
  return (
    <Flex direction="column" gap="1">
      <Box asChild style={{ maxHeight: 160, overflowY: 'auto', margin: 0, paddingLeft: 'var(--space-4)' }}>
        <ul aria-label={label}>
          {values.slice(0, LIST_SHOWN).map((value) => (
            <li key={value}>
              <Text size="1" style={{ overflowWrap: 'anywhere' }}>
                {value}
              </Text>
            </li>
          ))}
        </ul>
      </Box>
      <Flex gap="3" align="center" wrap="wrap">
        {values.length > LIST_SHOWN && (
          <Text size="1" color="gray">
            The first {LIST_SHOWN} of {countText(values.length)}; the download holds them all.
          </Text>
        )}
        {download}
      </Flex>
    </Flex>
  );
}

function ConfirmApply() {
  const bulk = BulkTagUploadCtx.useActorRef();
  const open = BulkTagUploadCtx.useSelector(selectConfirming);
  const mode = BulkTagUploadCtx.useSelector(selectMode);
  const preview = BulkTagUploadCtx.useSelector(selectPreview);
  const changing = mode === 'overwrite' ? (preview?.overwrite ?? 0) : (preview?.add ?? 0);
  const action = mode === 'overwrite' ? RESET_TAGS : ADD_TAGS;
  return (
    <ConfirmDialog
      open={open}
      title={`${action}?`}
      action={action}
      tone={mode === 'overwrite' ? 'red' : 'accent'}
      maxWidth="460px"
      onConfirm={() => bulk.send({ type: 'apply.confirm' })}
      onCancel={() => bulk.send({ type: 'apply.cancel' })}
    >
      {mode === 'overwrite'
        ? `The tags of ${plural(preview?.matched ?? 0, 'user', 'users')} become the chosen tags; any other tag they hold is removed. ${plural(changing, "user's", "users'")} tags change.`
        : `The chosen tags are added to ${plural(preview?.matched ?? 0, 'user', 'users')}; the tags they hold stay. ${plural(changing, "user's", "users'")} tags change.`}
    </ConfirmDialog>
  );
}

export function AssignTags() {
  const bulk = BulkTagUploadCtx.useActorRef();
  const awaitingTags = BulkTagUploadCtx.useSelector(selectAwaitingTags);
  const previewing = BulkTagUploadCtx.useSelector(selectPreviewing);
  const previewFailed = BulkTagUploadCtx.useSelector(selectPreviewFailed);
  const showsPreview = BulkTagUploadCtx.useSelector(selectShowsPreview);
  const preview = BulkTagUploadCtx.useSelector(selectPreview);
  const mayApply = BulkTagUploadCtx.useSelector(selectMayApply);
  const applyingMode = BulkTagUploadCtx.useSelector(selectApplyingMode);
  const done = BulkTagUploadCtx.useSelector(selectDone);
  const failed = BulkTagUploadCtx.useSelector(selectFailed);
  const result = BulkTagUploadCtx.useSelector(selectResult);
  const error = BulkTagUploadCtx.useSelector(selectError);
  const upload = BulkTagUploadCtx.useSelector(selectUpload);
  // preview.matched counts users; a file may name one user by email, username and id.
  const matching = (upload?.values.length ?? 0) - (preview?.unmatched.length ?? 0);

  return (
    <Flex direction="column" gap="3" role="region" aria-label="Dry run">
      {awaitingTags && (
        <Text size="2" color="gray">
          Choose the tags to check the file against the users.
        </Text>
      )}
      {previewing && <UploadProgress>Checking the identifiers against the users…</UploadProgress>}
      {previewFailed && (
        <UploadFailed
          message={`The dry run failed: ${error}`}
          retry="Try again"
          onRetry={() => bulk.send({ type: 'preview.retry' })}
        />
      )}
      {showsPreview && preview && (
        <Flex direction="column" gap="2">
          <Text size="2" role="status" aria-label="Dry run result">
            {plural(matching, 'identifier matches', 'identifiers match')} {plural(preview.matched, 'user', 'users')};{' '}
            {plural(preview.unmatched.length, 'matches', 'match')} nobody. Reset Tags would change{' '}
            {plural(preview.overwrite, "user's", "users'")} tags; Add Tags would change{' '}
            {plural(preview.add, "user's", "users'")}.
          </Text>
          {preview.unmatched.length > 0 && (
            <Identifiers
              label="Identifiers matching nobody"
              values={preview.unmatched}
              download={
                <DownloadButton label={UNMATCHED_DOWNLOAD} onClick={() => bulk.send({ type: 'unmatched.download' })} />
              }
            />
          )}
          {preview.matched === 0 && (
            <Text size="2" color="red">
              No identifier matches a user: there is nothing to tag.
            </Text>
          )}
        </Flex>
      )}
      {(showsPreview || previewing) && (
        <Flex gap="3">
          <Button
            type="button"
            color="red"
            variant="soft"
            disabled={!mayApply}
            loading={applyingMode === 'overwrite'}
            onClick={() => bulk.send({ type: 'apply.overwrite' })}
          >
            {RESET_TAGS}
          </Button>
          <Button
            type="button"
            disabled={!mayApply}
            loading={applyingMode === 'add'}
            onClick={() => bulk.send({ type: 'apply.add' })}
          >
            {ADD_TAGS}
          </Button>
        </Flex>
      )}
      {done && result && (
        <Callout.Root color="blue" role="status" aria-label="Response">
          <Flex direction="column" gap="2">
            <Text size="2" weight="bold">
              Response Status : Success
            </Text>
            <Text size="2">{plural(result.changed, "user's tags changed", "users' tags changed")}.</Text>
            <Text size="2" weight="medium">
              Invalid Users:
            </Text>
            {result.invalid.length === 0 ? (
              <Text size="2">None</Text>
            ) : (
              <Identifiers
                label="Invalid Users"
                values={result.invalid}
                download={
                  <DownloadButton label={INVALID_DOWNLOAD} onClick={() => bulk.send({ type: 'invalid.download' })} />
                }
              />
            )}
          </Flex>
        </Callout.Root>
      )}
      {failed && (
        <Callout.Root color="red" role="alert" size="1">
          <Flex direction="column" gap="2">
            <Text size="2">The tags were not changed: {error}</Text>
            {result && result.invalid.length > 0 && (
              <>
                <Text size="2" weight="medium">
                  Invalid Users:
                </Text>
                <Identifiers label="Invalid Users" values={result.invalid} download={null} />
              </>
            )}
            <Box>
              <Button size="1" variant="soft" onClick={() => bulk.send({ type: 'apply.back' })}>
                Back to the dry run
              </Button>
            </Box>
          </Flex>
        </Callout.Root>
      )}
      <ConfirmApply />
    </Flex>
  );
}
