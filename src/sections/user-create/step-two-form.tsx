// Step two (spec §2 create step 2): who to create, one person or (with bulk_user_creation) many,
// whether to send the welcome email, and Create. Back keeps everything typed.
import { Button, Callout, Checkbox, Flex, Heading, SegmentedControl, Text } from '@radix-ui/themes';
import type { FormEvent } from 'react';
import { userTypeLabel } from '../../domain/user-labels';
import { MAX_USERS_PER_CREATE } from '../../domain/user-rules';
import {
  selectAccount,
  selectFailure,
  selectMayBulk,
  selectMode,
  selectPeopleCount,
  selectRefusal,
  selectRowsOver,
  selectSendEmail,
  selectSubmitting,
} from './user-create.selectors';
import { BulkRows } from './bulk-rows';
import { SingleUserForm } from './single-user-form';
import { UserCreateCtx } from './user-create-context';
import { countText, expiryDayText } from '../../domain/format';
import { CancelButton } from '../../ui/shared/cancel-button';

export function StepTwoForm() {
  const create = UserCreateCtx.useActorRef();
  const account = UserCreateCtx.useSelector(selectAccount);
  const mode = UserCreateCtx.useSelector(selectMode);
  const mayBulk = UserCreateCtx.useSelector(selectMayBulk);
  const count = UserCreateCtx.useSelector(selectPeopleCount);
  const sendEmail = UserCreateCtx.useSelector(selectSendEmail);
  const submitting = UserCreateCtx.useSelector(selectSubmitting);
  const refusal = UserCreateCtx.useSelector(selectRefusal);
  const failure = UserCreateCtx.useSelector(selectFailure);
  const over = UserCreateCtx.useSelector(selectRowsOver);
  const locked = submitting || failure !== null;

  const submit = (e: FormEvent) => {
    e.preventDefault();
    create.send({ type: 'create.submit' });
  };

  return (
    <form onSubmit={submit} aria-label="Users" noValidate>
      <Flex direction="column" gap="4">
        <Flex justify="between" align="center" gap="3" wrap="wrap">
          <Heading as="h3" size="3">
            Step 2 of 2 · Users
          </Heading>
          <Text size="2" color="gray">
            {account.org?.title} · {userTypeLabel(account.user_type)} · expires {expiryDayText(account.expiry_dt)}
          </Text>
        </Flex>
        {failure && (
          <Callout.Root color="red" role="alert">
            <Callout.Text>Nothing was created: the request failed ({failure}). What you typed is kept.</Callout.Text>
            <Flex gap="2" mt="2">
              <Button type="button" size="1" onClick={() => create.send({ type: 'create.retry' })}>
                Retry
              </Button>
              <Button
                type="button"
                size="1"
                variant="soft"
                color="gray"
                onClick={() => create.send({ type: 'create.edit' })}
              >
                Back to the form
              </Button>
            </Flex>
          </Callout.Root>
        )}
        {refusal && (
          <Callout.Root color="red" role="alert">
            <Callout.Text>{refusal}</Callout.Text>
          </Callout.Root>
        )}
        {over > 0 && (
          <Callout.Root color="red" role="alert">
            <Callout.Text>
              At most {countText(MAX_USERS_PER_CREATE)} users can be created at once; remove {over}{' '}
              {over === 1 ? 'row' : 'rows'}.
            </Callout.Text>
          </Callout.Root>
        )}
        {mayBulk && (
          <SegmentedControl.Root
            value={mode}
            aria-label="How many users"
            onValueChange={(v) => create.send({ type: 'mode.change', mode: v as 'single' | 'bulk' })}
          >
            <SegmentedControl.Item value="single">One user</SegmentedControl.Item>
            <SegmentedControl.Item value="bulk">Several users</SegmentedControl.Item>
          </SegmentedControl.Root>
        )}
        {mode === 'single' ? <SingleUserForm disabled={locked} /> : <BulkRows disabled={locked} />}
        <Text as="label" size="2">
          <Flex gap="2" align="center">
            <Checkbox
              checked={sendEmail}
              disabled={locked}
              onCheckedChange={(on) => create.send({ type: 'email.toggle', on: on === true })}
            />
            Send welcome email
          </Flex>
        </Text>
        <Flex justify="between" gap="3">
          <CancelButton disabled={locked} onClick={() => create.send({ type: 'step.back' })}>
            Back
          </CancelButton>
          <Button type="submit" loading={submitting} disabled={locked}>
            {mode === 'bulk' ? `Create ${count} ${count === 1 ? 'user' : 'users'}` : 'Create user'}
          </Button>
        </Flex>
      </Flex>
    </form>
  );
}
