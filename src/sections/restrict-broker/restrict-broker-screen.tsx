// /restrict_broker (spec §2 "Restrict Broker"): an organization (the shared picker), then one of
// its users; then the user's switches, the four actions and the two lists. Thin: everything it
// shows comes from the brokerActions machine through selectors.
import { Box, Button, Callout, Card, Flex, Select, Text } from '@radix-ui/themes';
import { useEffect, useState, type ReactNode } from 'react';
import { BROKER_ACTION_LABELS, type BrokerAction } from '../../domain/brokers';
import { liveBrokerActionsMachine } from './restrict-broker.live';
import { listOfAction } from './restrict-broker.machine';
import {
  sameAddress,
  selectAddress,
  selectBusy,
  selectEmail,
  selectError,
  selectFlags,
  selectFrozen,
  selectMoreUsers,
  selectNotice,
  selectOrg,
  selectRunning,
  selectSavingFlag,
  selectSelected,
  selectStage,
  selectUsers,
  type RestrictBrokerAddress,
} from './restrict-broker.selectors';
import type { FlagName } from './restrict-broker.types';
import { useConsole, useInspect } from '../../ui/console-context';
import { OrgChoice, OrgStageLine, type OrgStageNote } from '../organizations/org-choice';
import type { OrgPick } from '../../domain/users';
import { BrokerList } from './broker-list';
import { BrokerQuestionDialog } from './broker-question-dialog';
import { BrokerActionsCtx } from './restrict-broker-context';
import { countText } from '../../domain/format';
import { NoticeCallout } from '../../ui/shared/notice-callout';
import { RetryCallout } from '../../ui/shared/retry-callout';
import { SavedSwitch } from '../../ui/form/saved-switch';
import { SectionPage } from '../../ui/shared/section-page';

export type { RestrictBrokerAddress };

export interface RestrictBrokerProps {
  /** Tests put a probe inside to hold the actor. */
  probe?: ReactNode;
  /** What the address names, and where what the screen shows goes (Reload and a link return to it). */
  address?: RestrictBrokerAddress;
  onAddress?: (address: RestrictBrokerAddress) => void;
}

/** The screen with its machine: what the route mounts. */
export function RestrictBrokerScreen({ probe, address, onAddress }: RestrictBrokerProps) {
  const { config } = useConsole();
  // The address is read once, as the machine starts; afterwards the machine says what it shows.
  const [input] = useState(() => ({ product: config.product_key, orgId: address?.org, userId: address?.user }));
  return (
    <BrokerActionsCtx.Provider logic={liveBrokerActionsMachine} options={{ input, inspect: useInspect() }}>
      {probe}
      <AddressKeeper onAddress={onAddress} />
      <RestrictBrokerView />
    </BrokerActionsCtx.Provider>
  );
}

function AddressKeeper({ onAddress }: { onAddress?: ((address: RestrictBrokerAddress) => void) | undefined }) {
  const address = BrokerActionsCtx.useSelector(selectAddress, sameAddress);
  useEffect(() => onAddress?.(address), [address, onAddress]);
  return null;
}

export function RestrictBrokerView() {
  const stage = BrokerActionsCtx.useSelector(selectStage);
  return (
    <SectionPage title="Restrict Broker">
      <Pickers />
      {stage === 'loaded' && <UserBrokers />}
    </SectionPage>
  );
}

/** Where the card stands before a user's brokers are shown: a read under way or its outcome is a status. */
const stageNotes = (org: OrgPick | null): Partial<Record<ReturnType<typeof selectStage>, OrgStageNote>> => ({
  findingOrg: { text: 'Loading the organization…', status: true },
  noOrganization: { text: 'Pick an organization to see its users.', status: false },
  loadingUsers: { text: 'Loading users…', status: true },
  noUsers: {
    text: org?.salesforceId
      ? `${org.title} has no users.`
      : `${org?.title ?? 'This organization'} has no CRM account id, so its users cannot be listed here.`,
    status: true,
  },
  choosingUser: { text: 'Choose a user to see their brokers.', status: false },
  loadingBrokers: { text: 'Loading brokers…', status: true },
});

/** The reads that failed, each with its Retry. */
const RETRIES = {
  orgFailed: { lead: 'Could not load the organization.', retry: 'org.retry' },
  usersFailed: { lead: 'Could not load the users.', retry: 'users.retry' },
  brokersFailed: { lead: 'Could not load the brokers.', retry: 'brokers.retry' },
} as const;

function Pickers() {
  const actor = BrokerActionsCtx.useActorRef();
  const stage = BrokerActionsCtx.useSelector(selectStage);
  const org = BrokerActionsCtx.useSelector(selectOrg);
  const users = BrokerActionsCtx.useSelector(selectUsers);
  const more = BrokerActionsCtx.useSelector(selectMoreUsers);
  const email = BrokerActionsCtx.useSelector(selectEmail);
  const error = BrokerActionsCtx.useSelector(selectError);
  const busy = BrokerActionsCtx.useSelector(selectBusy);
  const mayPickUser = users.length > 0 && !busy;
  return (
    <Card>
      <Flex gap="3" wrap="wrap" align="start">
        <OrgChoice value={org} disabled={busy} actor={actor} style={{ flex: 1, minWidth: 260 }} />
        <Box style={{ flex: 1, minWidth: 260 }}>
          <Text as="div" size="2" weight="medium" mb="1" id="restrict-broker-user">
            User
          </Text>
          <Select.Root
            value={email ?? undefined}
            disabled={!mayPickUser}
            onValueChange={(key) => actor.send({ type: 'user.pick', email: key })}
          >
            <Select.Trigger
              aria-labelledby="restrict-broker-user"
              placeholder={org ? 'Choose a user' : 'Pick an organization first'}
              style={{ width: '100%' }}
            />
            <Select.Content position="popper">
              {users.map((u) => (
                <Select.Item key={u.key} value={u.key}>
                  {u.text} · {u.key} ({countText(u.broker_count)} {u.broker_count === 1 ? 'broker' : 'brokers'})
                </Select.Item>
              ))}
            </Select.Content>
          </Select.Root>
          {more && (
            <Text as="p" size="1" color="gray" mt="1">
              The first {users.length} users by name are listed.
            </Text>
          )}
        </Box>
      </Flex>
      <OrgStageLine note={stageNotes(org)[stage]} />
      {stage in RETRIES && (
        <RetryCallout
          mt="3"
          lead={RETRIES[stage as keyof typeof RETRIES].lead}
          error={error}
          onRetry={() => actor.send({ type: RETRIES[stage as keyof typeof RETRIES].retry })}
        />
      )}
    </Card>
  );
}

/** The buttons in the spec's order (§2). */
const ACTION_ORDER: readonly BrokerAction[] = ['remove_oa', 'overwrite_req', 'add', 'delete'];
const FLAG_LABELS: Record<FlagName, string> = { auto_brm_update: 'Auto BRM Update', freeze: 'Freeze My Brokers' };

function UserBrokers() {
  const actor = BrokerActionsCtx.useActorRef();
  const flags = BrokerActionsCtx.useSelector(selectFlags);
  const frozen = BrokerActionsCtx.useSelector(selectFrozen);
  const busy = BrokerActionsCtx.useSelector(selectBusy);
  const running = BrokerActionsCtx.useSelector(selectRunning);
  const savingFlag = BrokerActionsCtx.useSelector(selectSavingFlag);
  const notice = BrokerActionsCtx.useSelector(selectNotice);
  const selected = {
    my: BrokerActionsCtx.useSelector(selectSelected('my')),
    requested: BrokerActionsCtx.useSelector(selectSelected('requested')),
  };
  const needs = (action: BrokerAction) => {
    const list = listOfAction(action);
    return list !== null && selected[list].length === 0;
  };
  return (
    <>
      <Card>
        <Flex gap="5" wrap="wrap" align="center">
          {(Object.keys(FLAG_LABELS) as FlagName[]).map((flag) => (
            <SavedSwitch
              key={flag}
              checked={flags[flag]}
              disabled={busy}
              saving={savingFlag === flag}
              onToggle={() => actor.send({ type: 'flag.toggle', flag })}
            >
              {FLAG_LABELS[flag]}
            </SavedSwitch>
          ))}
        </Flex>
        {frozen && (
          <Callout.Root color="gray" variant="surface" mt="3" size="1">
            <Callout.Text>
              Freeze My Brokers is on: this user’s My Brokers cannot be changed, by these actions or by automatic BRM
              updates. Turn it off to change them.
            </Callout.Text>
          </Callout.Root>
        )}
        <Flex gap="2" wrap="wrap" mt="3">
          {ACTION_ORDER.map((action) => (
            <Button
              key={action}
              variant={action === 'remove_oa' || action === 'delete' ? 'soft' : 'solid'}
              color={action === 'remove_oa' || action === 'delete' ? 'red' : undefined}
              loading={running === action}
              disabled={frozen || busy || needs(action)}
              onClick={() => actor.send({ type: 'action.run', action })}
            >
              {BROKER_ACTION_LABELS[action]}
            </Button>
          ))}
        </Flex>
        <Text as="p" size="1" color="gray" mt="2">
          Add to My Brokers takes the requested brokers selected; Delete from My Brokers the selected brokers of My
          Brokers.
        </Text>
        <NoticeCallout notice={notice} alertOnError mt="3" />
      </Card>
      <BrokerQuestionDialog />
      <Flex gap="4" wrap="wrap">
        <BrokerList list="requested" title="Requested Brokers" selectable={!frozen && !busy} />
        <BrokerList list="my" title="My Brokers" selectable={!frozen && !busy} />
      </Flex>
    </>
  );
}
