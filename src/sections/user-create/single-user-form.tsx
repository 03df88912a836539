// Step two, one person (spec §2, §5): first name, last name and email required; username checked
// with the server as it is typed (empty: one is made up from the name); password optional.
import { Box, Grid, Text, TextField } from '@radix-ui/themes';
import type { UserField } from './user-create.types';
import { selectSingle, selectSingleErrors, selectUsernameStatus, type UsernameStatus } from './user-create.selectors';
import { described, FieldFrame } from '../../ui/form/field-frame';
import { maxLengthOf } from '../../ui/form/limits';
import { UserCreateCtx } from './user-create-context';

const FIELDS: {
  field: UserField;
  label: string;
  type?: 'email' | 'password' | 'tel';
  hint?: string;
  autoComplete: string;
}[] = [
  { field: 'first_name', label: 'First name', autoComplete: 'off' },
  { field: 'last_name', label: 'Last name', autoComplete: 'off' },
  { field: 'email', label: 'Email', type: 'email', autoComplete: 'off' },
  {
    field: 'username',
    label: 'Username (optional)',
    hint: 'Leave empty to make one from the name.',
    autoComplete: 'off',
  },
  {
    field: 'password',
    label: 'Password (optional)',
    type: 'password',
    autoComplete: 'new-password',
    hint: 'At least 10 letters, digits or . ! @ # $ % ^ & *, with a digit. Empty: the user signs in elsewhere.',
  },
  { field: 'phone', label: 'Phone (optional)', type: 'tel', autoComplete: 'off' },
];

function usernameHint(status: UsernameStatus): { text: string; color: 'gray' | 'green' | 'red' } | null {
  if (status.kind === 'checking') return { text: 'Checking whether the username is free…', color: 'gray' };
  if (status.kind === 'failed')
    return { text: 'Could not check the username; the server checks it again on Create.', color: 'gray' };
  if (status.kind === 'known' && status.available) return { text: status.msg, color: 'green' };
  return null;
}

export function SingleUserForm({ disabled }: { disabled: boolean }) {
  const create = UserCreateCtx.useActorRef();
  const person = UserCreateCtx.useSelector(selectSingle);
  const errors = UserCreateCtx.useSelector(selectSingleErrors);
  const status = UserCreateCtx.useSelector(selectUsernameStatus);
  const usernameNote = usernameHint(status);
  return (
    <Grid columns={{ initial: '1', md: '2' }} gap="4">
      {FIELDS.map(({ field, label, type, hint, autoComplete }) => {
        const id = `create-single-${field}`;
        return (
          <Box key={field}>
            <FieldFrame id={id} label={label} error={errors[field]} hint={hint}>
              <TextField.Root
                id={id}
                type={type}
                autoComplete={autoComplete}
                value={person[field]}
                maxLength={maxLengthOf(field)}
                disabled={disabled}
                onChange={(e) => create.send({ type: 'user.change', field, value: e.target.value })}
                {...described(id, errors[field], hint)}
              />
            </FieldFrame>
            {field === 'username' && usernameNote && !errors['username'] && (
              <Text as="p" size="1" color={usernameNote.color} mt="1" role="status">
                {usernameNote.text}
              </Text>
            )}
          </Box>
        );
      })}
    </Grid>
  );
}
