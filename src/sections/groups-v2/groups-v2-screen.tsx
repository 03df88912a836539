// /modify_groups_v2 (spec §2 "Group ManagementV2"; decision 049): the groups of the whole
// platform, searched; a group opened shows its members and, with group_bulk_upload, the bulk
// membership upload. Thin: everything comes from the two machines through selectors.
import { Box, Button, Flex, Heading, Text } from '@radix-ui/themes';
import { useSelector } from '@xstate/react';
import { useEffect, type ReactNode } from 'react';
import type { AnyActorLogic } from 'xstate';
import { membersText } from '../../domain/groups-v2';
import { liveGroupBrowserMachine } from './groups-v2.live';
import { selectAddress, selectGroup, selectInGroup } from './groups-v2.selectors';
import { liveGroupBulkUploadMachine } from './groups-v2-upload.live';
import { selectFeatures } from '../../machines/session/session.selectors';
import { useConsole, useInspect } from '../../ui/console-context';
import { GroupList } from './group-list';
import { GroupMembers } from './group-members';
import { GroupUpload } from './group-upload';
import { GroupBrowserCtx } from './groups-v2-context';
import { SectionPage } from '../../ui/shared/section-page';

export interface GroupsV2Props {
  probe?: ReactNode;
  /** Tests hand in machines whose file reader runs in the test. */
  browserLogic?: AnyActorLogic;
  uploadLogic?: AnyActorLogic;
  /** What the address names, and where what the screen shows goes (Reload and a link return to it). */
  address?: GroupsV2Address;
  onAddress?: (address: GroupsV2Address) => void;
}

export interface GroupsV2Address {
  q?: string;
  group?: number;
}

export function GroupsV2Screen({
  probe,
  browserLogic = liveGroupBrowserMachine,
  uploadLogic = liveGroupBulkUploadMachine,
  address,
  onAddress,
}: GroupsV2Props) {
  return (
    <GroupBrowserCtx.Provider
      logic={browserLogic as typeof liveGroupBrowserMachine}
      options={{ input: { query: address?.q, groupId: address?.group }, inspect: useInspect() }}
    >
      {probe}
      <AddressKeeper onAddress={onAddress} />
      <GroupsV2View uploadLogic={uploadLogic} />
    </GroupBrowserCtx.Provider>
  );
}

function AddressKeeper({ onAddress }: { onAddress?: (address: GroupsV2Address) => void }) {
  const address = GroupBrowserCtx.useSelector(selectAddress, (a, b) => a.q === b.q && a.group === b.group);
  useEffect(() => onAddress?.(address), [address, onAddress]);
  return null;
}

export const whereText = (organization: string | null) => organization ?? 'Whole platform';

function GroupsV2View({ uploadLogic }: { uploadLogic: AnyActorLogic }) {
  const inGroup = GroupBrowserCtx.useSelector(selectInGroup);
  return (
    <SectionPage title="Group ManagementV2">
      {inGroup ? <GroupView uploadLogic={uploadLogic} /> : <GroupList />}
    </SectionPage>
  );
}

function GroupView({ uploadLogic }: { uploadLogic: AnyActorLogic }) {
  const browser = GroupBrowserCtx.useActorRef();
  const group = GroupBrowserCtx.useSelector(selectGroup)!;
  const { session } = useConsole();
  const mayUpload = useSelector(session, selectFeatures).includes('group_bulk_upload');
  return (
    <Flex direction="column" gap="3">
      <Flex gap="3" align="center" wrap="wrap">
        <Button variant="soft" color="gray" onClick={() => browser.send({ type: 'group.close' })}>
          Back to groups
        </Button>
        <Box>
          <Heading as="h3" size="4">
            {group.name}
          </Heading>
          <Text size="2" color="gray">
            {group.kind} · {whereText(group.organization)} · {membersText(group.members)}
          </Text>
        </Box>
      </Flex>
      <Flex gap="3" wrap="wrap" align="start">
        <GroupMembers />
        {mayUpload && <GroupUpload key={group.id} groupId={group.id} logic={uploadLogic} />}
      </Flex>
    </Flex>
  );
}
