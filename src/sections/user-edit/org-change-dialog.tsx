// Spec §2 'Account Update': choosing a new organisation in edit mode. First warning with
// 'Cancel (Same Org)' and 'Different Org', then a second warning with Cancel and Confirm. Closing
// the dialog any other way is a cancel: the earlier organisation stays.
import { AlertDialog, Button, Flex } from '@radix-ui/themes';
import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import type { orgChangeMachine } from './org-change.machine';
import { selectConfirming, selectNext, selectOpen, selectPrevious } from './org-change.selectors';
import { ScreenTheme } from '../../ui/screen-theme';
import { useDialogFocus } from '../../ui/shared/dialog-focus';

export function OrgChangeDialog({
  actor,
  userName,
}: {
  actor: ActorRefFrom<typeof orgChangeMachine>;
  userName: string;
}) {
  const open = useSelector(actor, selectOpen);
  const confirming = useSelector(actor, selectConfirming);
  const previous = useSelector(actor, selectPrevious);
  const next = useSelector(actor, selectNext);
  const from = previous?.title ?? 'no organization';
  const to = next?.title ?? '';
  const focus = useDialogFocus(open);
  return (
    <ScreenTheme>
      <AlertDialog.Root
        open={open}
        onOpenChange={(o) => !o && actor.send({ type: confirming ? 'org.cancel' : 'org.sameOrg' })}
      >
        <AlertDialog.Content maxWidth="480px" {...focus}>
          <AlertDialog.Title>Account Update</AlertDialog.Title>
          {!confirming ? (
            <>
              <AlertDialog.Description size="2">
                You are moving {userName} from {from} to {to}. Their broker research access will be cancelled and they
                will be removed from all groups. If this is the same organization and only the spelling of its name
                changed, keep the user where they are and rename the organization in the CRM instead.
              </AlertDialog.Description>
              <Flex gap="3" mt="4" justify="end">
                <Button variant="soft" color="gray" onClick={() => actor.send({ type: 'org.sameOrg' })}>
                  Cancel (Same Org)
                </Button>
                <Button color="red" onClick={() => actor.send({ type: 'org.differentOrg' })}>
                  Different Org
                </Button>
              </Flex>
            </>
          ) : (
            <>
              <AlertDialog.Description size="2">
                {to} is a different organization. When you save, {userName} loses broker research access and leaves
                every group. Confirm the move?
              </AlertDialog.Description>
              <Flex gap="3" mt="4" justify="end">
                <Button variant="soft" color="gray" onClick={() => actor.send({ type: 'org.cancel' })}>
                  Cancel
                </Button>
                <Button color="red" onClick={() => actor.send({ type: 'org.confirm' })}>
                  Confirm
                </Button>
              </Flex>
            </>
          )}
        </AlertDialog.Content>
      </AlertDialog.Root>
    </ScreenTheme>
  );
}
