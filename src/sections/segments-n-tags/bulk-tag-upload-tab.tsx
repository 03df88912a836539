// Bulk Tag Upload (Segments & Tags, spec §2; decision 045): the users' CSV, the tags (the user
// area's tag selector, choosing without saving, with Create Tag), the dry run, then Reset Tags or
// Add Tags. Leaving the page with a read file not yet applied asks first (nothing is kept).
import { Card, Flex, Heading } from '@radix-ui/themes';
import type { ReactNode } from 'react';
import type { AnyActorLogic } from 'xstate';
import { liveBulkTagUploadMachine } from './bulk-tag-upload.live';
import { selectTagSelector, selectTagsLocked, selectUnapplied } from './bulk-tag-upload.selectors';
import { useInspect } from '../../ui/console-context';
import { LeaveGuard } from '../../ui/form/form-draft';
import { TagSelectorPanel } from '../tags/tag-selector';
import { AssignTags } from './assign-tags';
import { BulkTagUploadCtx } from './bulk-tag-upload-context';
import { UploadFile } from './upload-file';

export function BulkTagUploadTab() {
  return (
    <BulkTagUploadScope>
      <BulkTagUploadPanel />
    </BulkTagUploadScope>
  );
}

/** The tab's machine; tests hand in one whose file reader runs in the test. */
export function BulkTagUploadScope({
  children,
  logic = liveBulkTagUploadMachine,
}: {
  children: ReactNode;
  logic?: AnyActorLogic;
}) {
  return (
    <BulkTagUploadCtx.Provider logic={logic as typeof liveBulkTagUploadMachine} options={{ inspect: useInspect() }}>
      {children}
    </BulkTagUploadCtx.Provider>
  );
}

function Tags() {
  const selector = BulkTagUploadCtx.useSelector(selectTagSelector);
  const locked = BulkTagUploadCtx.useSelector(selectTagsLocked);
  return selector ? <TagSelectorPanel actor={selector} disabled={locked} choosing /> : null;
}

export function BulkTagUploadPanel() {
  const unapplied = BulkTagUploadCtx.useSelector(selectUnapplied);
  return (
    <Flex direction="column" gap="3" style={{ maxWidth: 880 }}>
      <Card>
        <Heading as="h3" size="3" mb="2">
          1. Users
        </Heading>
        <UploadFile />
      </Card>
      <Card>
        <Heading as="h3" size="3" mb="2">
          2. Tags
        </Heading>
        <Tags />
      </Card>
      <Card>
        <Heading as="h3" size="3" mb="2">
          3. Check and apply
        </Heading>
        <AssignTags />
      </Card>
      <LeaveGuard
        when={unapplied}
        beforeUnload
        title="Leave without tagging?"
        description="The file you read has not been applied to any user. Leaving drops it; you can read it again later."
        leaveLabel="Leave"
      />
    </Flex>
  );
}
