// /create_user: the two steps of spec §2, drawn from the machine's state.
import { Button, Callout, Flex, Heading, Text } from '@radix-ui/themes';
import {
  selectCreated,
  selectLoadError,
  selectLoading,
  selectOnStepOne,
  selectOnStepTwo,
} from './user-create.selectors';
import { CreatedView } from './created-view';
import { StepOneForm } from './step-one-form';
import { StepTwoForm } from './step-two-form';
import { UserCreateCtx } from './user-create-context';

export function UserCreateView({ openUser }: { openUser?: (id: number) => void }) {
  const create = UserCreateCtx.useActorRef();
  const loading = UserCreateCtx.useSelector(selectLoading);
  const loadError = UserCreateCtx.useSelector(selectLoadError);
  const onStepOne = UserCreateCtx.useSelector(selectOnStepOne);
  const onStepTwo = UserCreateCtx.useSelector(selectOnStepTwo);
  const created = UserCreateCtx.useSelector(selectCreated);
  return (
    <Flex direction="column" gap="4" style={{ maxWidth: 1100 }}>
      <Heading as="h2" size="5">
        Create User
      </Heading>
      {loading && (
        <Text size="2" color="gray" role="status">
          Loading owners and settings…
        </Text>
      )}
      {loadError && (
        <Callout.Root color="red" role="alert">
          <Callout.Text>Could not load the owners and settings: {loadError}</Callout.Text>
          <Flex mt="2">
            <Button type="button" size="1" onClick={() => create.send({ type: 'setup.retry' })}>
              Retry
            </Button>
          </Flex>
        </Callout.Root>
      )}
      {onStepOne && <StepOneForm />}
      {onStepTwo && <StepTwoForm />}
      {created && <CreatedView users={created} openUser={openUser} />}
    </Flex>
  );
}
