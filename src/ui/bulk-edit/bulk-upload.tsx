// "Upload CSV of emails, usernames or user ids" (bulk_edit_upload): the file's identifiers
// replace the selection; the matched count and the identifiers that matched nobody are shown.
import { Box, Button, Flex, Text } from '@radix-ui/themes';
import { useRef } from 'react';
import { selectBusy, selectCanUpload, selectUpload, selectUploading } from '../../machines/bulk-edit/bulk-edit.selectors';
import { BulkEditCtx } from './bulk-edit-context';

export const UPLOAD_LABEL = 'Upload CSV of emails, usernames or user ids';
/** Unmatched identifiers listed on screen; the report holds them all. */
const UNMATCHED_SHOWN = 20;

const visuallyHidden = { position: 'absolute', width: 1, height: 1, overflow: 'hidden', clip: 'rect(0 0 0 0)', whiteSpace: 'nowrap' } as const;

export function BulkUpload() {
  const bulk = BulkEditCtx.useActorRef();
  const canUpload = BulkEditCtx.useSelector(selectCanUpload);
  const busy = BulkEditCtx.useSelector(selectBusy);
  const uploading = BulkEditCtx.useSelector(selectUploading);
  const upload = BulkEditCtx.useSelector(selectUpload);
  const input = useRef<HTMLInputElement>(null);
  if (!canUpload) return null;

  return (
    <Box>
      <input ref={input} type="file" accept=".csv,text/csv,text/plain" aria-label={UPLOAD_LABEL} style={visuallyHidden} disabled={busy}
        onChange={(e) => {
          const file = e.target.files?.[0];
          e.target.value = '';
          if (file) bulk.send({ type: 'upload.file', file });
        }} />
      <Button type="button" variant="soft" loading={uploading} disabled={busy} onClick={() => input.current?.click()}>{UPLOAD_LABEL}</Button>
      {upload && (
        <Flex direction="column" gap="1" mt="2" role="status" aria-label="Upload result">
          <Text size="2">
            {upload.matched.toLocaleString('en-US')} {upload.matched === 1 ? 'identifier' : 'identifiers'} of {upload.fileName} matched a user.
          </Text>
          {upload.unmatched.length > 0 && (
            <Text size="2" color="red">
              {upload.unmatched.length.toLocaleString('en-US')} did not match: {upload.unmatched.slice(0, UNMATCHED_SHOWN).join(', ')}
              {upload.unmatched.length > UNMATCHED_SHOWN ? ` and ${(upload.unmatched.length - UNMATCHED_SHOWN).toLocaleString('en-US')} more` : ''}
            </Text>
          )}
        </Flex>
      )}
    </Box>
  );
}
