// New role / Edit role: name, description and the permissions in spec §6's groups, each with what
// it allows. The server's refusal stands at its field; a change someone saved first, or a change
// the server refuses (it would take role management away), is said above.
import { shallowEqual } from '@xstate/react';
import { Box, Flex, Heading, Text } from '@radix-ui/themes';
import { featureLabel } from '../../domain/feature-labels';
import { FEATURE_GROUPS, featureMeaning } from '../../domain/feature-meanings';
import { ROLE_DESCRIPTION_MAX, ROLE_NAME_MAX } from '../../domain/roles';
import { selectFormView } from './roles.selectors';
import { RolesCtx } from './roles-context';
import { RecordFormDialog } from '../../ui/shared/record-dialogs';
import { FieldError } from '../../ui/form/field-frame';
import { RecordCheck, RecordTextArea, RecordTextField, recordFieldsOf } from '../../ui/shared/record-fields';

export function RoleFormDialog() {
  const editor = RolesCtx.useActorRef();
  const { open, form, saving, errors, formError } = RolesCtx.useSelector(selectFormView, shallowEqual);
  if (!open || !form) return null;
  const creating = form.id === null;
  const field = recordFieldsOf(form, errors, saving);
  return (
    <RecordFormDialog
      title={creating ? 'New role' : `Edit role '${form.base.name}'`}
      description="Staff holding this role can do what its permissions allow, from their next click."
      formLabel={creating ? 'New role' : 'Edit role'}
      error={formError}
      saving={saving}
      maxWidth="760px"
      send={editor.send}
    >
      <RecordTextField
        id="role-name"
        label="Name"
        maxLength={ROLE_NAME_MAX}
        autoFocus
        {...field('name', (value) => editor.send({ type: 'form.name', value }))}
      />
      <RecordTextArea
        id="role-description"
        label="Description"
        hint="Optional: who holds this role and why."
        maxLength={ROLE_DESCRIPTION_MAX}
        rows={2}
        {...field('description', (value) => editor.send({ type: 'form.description', value }))}
      />
      <Box
        role="group"
        aria-label="Permissions"
        aria-invalid={errors['features'] ? true : undefined}
        aria-describedby={errors['features'] ? 'role-features-error' : undefined}
        style={{ maxHeight: '50vh', overflowY: 'auto' }}
      >
        <FieldError id="role-features" error={errors['features']} mb="2" />
        {FEATURE_GROUPS.map((group) => (
          <Box key={group.id} mb="3" role="group" aria-label={group.title}>
            <Heading as="h3" size="2" mb="1">
              {group.title}
            </Heading>
            <Flex direction="column" gap="1">
              {group.keys.map((key) => (
                <RecordCheck
                  key={key}
                  gap="2"
                  align="start"
                  checked={form.features.includes(key)}
                  disabled={saving}
                  control={{ 'aria-label': featureLabel(key) }}
                  onChange={(on) => editor.send({ type: 'form.feature', key, on })}
                >
                  <span>
                    <Text weight="medium">{featureLabel(key)}</Text> <Text color="gray">— {featureMeaning(key)}</Text>
                  </span>
                </RecordCheck>
              ))}
            </Flex>
          </Box>
        ))}
      </Box>
    </RecordFormDialog>
  );
}
