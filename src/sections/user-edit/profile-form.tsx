// The profile tab: every field of spec §3 User with its flags, in cards, the data plan with the
// §5 notices (blue) and error (red), the organisation through the shared picker and its
// 'Account Update' dialog, and the user's tags.
import { Box, Callout, Card, Checkbox, Flex, Grid, Heading, Text } from '@radix-ui/themes';
import { useSelector } from '@xstate/react';
import { useId, type ReactNode } from 'react';
import { productNames } from '../../domain/product';
import { NO_DATA_PLAN } from '../../domain/user-rules';
import { SUBSCRIPTION_STATUSES, bulkEditFields } from '../../domain/user-fields';
import { USER_CATEGORIES } from '../../domain/user-kinds';
import { dataPlanLabel } from '../../domain/user-labels';
import { flagGroups, ownerOptions, userTypeOptions } from './user-edit.form';
import {
  selectAccess,
  selectBase,
  selectDraft,
  selectFeatures,
  selectOwners,
  selectPlanError,
  selectPlanNotices,
  selectProduct,
  selectRoles,
} from './user-edit.selectors';
import { selectFeatures as selectSessionFeatures } from '../../machines/session/session.selectors';
import { useConsole } from '../../ui/console-context';
import { ExpiryPicker } from '../../ui/expiry-picker/expiry-picker';
import { OrgPicker } from '../organizations/org-picker';
import { TagSelector } from '../tags/tag-selector';
import { described, FieldFrame } from '../../ui/form/field-frame';
import { ChoiceSelect, ReadOnlyValue, SwitchField, TextInput, useField, useFormOpen } from './form-fields';
import { UserEditCtx } from './user-edit-context';

/** A card of the form's fields under its title. */
function FieldCard({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card>
      <Heading as="h3" size="3" mb="3">
        {title}
      </Heading>
      {children}
    </Card>
  );
}

export function ProfileForm() {
  const product = UserEditCtx.useSelector(selectProduct);
  const base = UserEditCtx.useSelector(selectBase);
  const { session } = useConsole();
  const mayTag = useSelector(session, (s) => selectSessionFeatures(s).includes('tags'));
  const mayEdit = UserEditCtx.useSelector((s) => s.context.features.includes('edit_user'));
  if (!base) return null;
  const names = productNames(product);
  return (
    <Flex direction="column" gap="4">
      <FieldCard title="Person">
        <Grid columns="2" gap="3">
          <TextInput field="first_name" autoComplete="off" />
          <TextInput field="last_name" />
          <TextInput field="email" type="email" />
          <TextInput field="username" />
          <TextInput field="phone" type="tel" />
          <TextInput
            field="password"
            type="password"
            autoComplete="new-password"
            placeholder="Leave empty to keep the current password"
          />
        </Grid>
      </FieldCard>

      <FieldCard title="Organization and type">
        <Grid columns="2" gap="3">
          <OrganizationField />
          <ReadOnlyValue label="CRM account id" value={base.sf_acc_id} />
          <TextInput field="sf_contact_id" />
          <UserTypeField />
          <ChoiceSelect field="user_category" options={USER_CATEGORIES} />
          <TextInput field="user_role" />
          <OwnerField />
          <StaffRolesField />
        </Grid>
      </FieldCard>

      <FieldCard title="Product and access">
        <Grid columns="2" gap="3">
          <ChoiceSelect field="product_configuration" options={names.configurations} />
          <ChoiceSelect field="startup_screen" options={names.startupScreens} />
          <ChoiceSelect field="subscription_status" options={SUBSCRIPTION_STATUSES} none="None" />
          <ExpiryField />
          <SwitchField field="active" />
          <SwitchField field="is_account_admin" />
          <SwitchField field="deleted" />
        </Grid>
        <Box mt="4">
          <DataPlanField />
        </Box>
      </FieldCard>

      {flagGroups(product).map((group) => (
        <FieldCard key={group.title} title={group.title}>
          <Grid columns="3" gap="3">
            {group.keys.map((key) => {
              const choice = bulkEditFields(product).find((f) => f.key === key && f.type.kind === 'choice');
              return choice && choice.type.kind === 'choice' ? (
                <ChoiceSelect key={key} field={`flags.${key}`} options={choice.type.options} />
              ) : (
                <SwitchField key={key} field={`flags.${key}`} />
              );
            })}
          </Grid>
        </FieldCard>
      ))}

      {mayTag && (
        <Card>
          <Heading as="h3" size="3" mb="1">
            Tags
          </Heading>
          <Text as="p" size="1" color="gray" mb="3">
            Tag changes are saved as you make them.
          </Text>
          <TagSelector userId={base.id} disabled={!mayEdit} />
        </Card>
      )}
    </Flex>
  );
}

function OrganizationField() {
  const edit = UserEditCtx.useActorRef();
  const f = useField('organization');
  const draft = UserEditCtx.useSelector(selectDraft);
  const decided = UserEditCtx.useSelector(
    (s) => s.context.orgDecision !== null && s.context.draft?.organization?.org_id !== s.context.base?.organization_id,
  );
  if (!f.access.show) return null;
  // The picker names itself (its combobox is 'Organization'): the frame's label is text only.
  return (
    <FieldFrame label="Organization" error={f.error} hint={f.why}>
      <OrgPicker
        value={draft?.organization ?? null}
        disabled={f.disabled}
        onChange={(pick) => edit.send({ type: 'org.pick', pick })}
      />
      {decided && (
        <Text as="p" size="1" color="red" mt="1">
          Moving to a different organization: broker research access is cancelled and the user leaves all groups when
          you save.
        </Text>
      )}
    </FieldFrame>
  );
}

/** The owner group as on the create screen; an owner it does not list stays visible as stored. */
function OwnerField() {
  const owners = UserEditCtx.useSelector(selectOwners);
  const stored = UserEditCtx.useSelector((s) => s.context.base?.owner ?? '');
  const current = UserEditCtx.useSelector((s) => s.context.draft?.owner ?? '');
  return <ChoiceSelect field="owner" options={ownerOptions(owners, [stored, current])} placeholder="Choose an owner" />;
}

function UserTypeField() {
  const features = UserEditCtx.useSelector(selectFeatures);
  const base = UserEditCtx.useSelector(selectBase);
  return <ChoiceSelect field="user_type" options={userTypeOptions(features, base?.user_type ?? '')} />;
}

/** The shared picker brings its own label; the reason it is locked and the rule's error go under it. */
function ExpiryField() {
  const f = useField('expiry_dt');
  return (
    <ExpiryPicker
      label={f.label}
      value={String(f.value ?? '')}
      disabled={f.disabled}
      error={f.error}
      hint={f.why}
      onChange={(v) => f.change(v)}
    />
  );
}

function StaffRolesField() {
  const groupId = useId();
  const edit = UserEditCtx.useActorRef();
  const f = useField('staff_roles');
  const roles = UserEditCtx.useSelector(selectRoles);
  const chosen = (f.value ?? []) as number[];
  const staff = UserEditCtx.useSelector((s) => s.context.draft?.user_type === 'is_staff');
  if (!f.access.show) return null;
  return (
    <FieldFrame id={groupId} label="Staff roles" error={f.error} hint={f.why}>
      <Flex
        id={groupId}
        direction="column"
        gap="1"
        role="group"
        aria-label="Staff roles"
        {...described(groupId, f.error, f.why)}
      >
        {roles.map((role) => (
          <Text as="label" size="2" key={role.id}>
            <Flex gap="2" align="center">
              <Checkbox
                checked={chosen.includes(role.id)}
                disabled={f.disabled}
                onCheckedChange={(on) =>
                  edit.send({
                    type: 'field.change',
                    key: 'staff_roles',
                    value:
                      on === true ? [...chosen, role.id].sort((a, b) => a - b) : chosen.filter((id) => id !== role.id),
                  })
                }
              />
              {role.name}
            </Flex>
          </Text>
        ))}
        {!staff && (
          <Text size="1" color="red">
            The user is no longer staff: their staff roles are removed when you save.
          </Text>
        )}
      </Flex>
    </FieldFrame>
  );
}

/** Spec §5: the items in the order chosen go through the rules on every change. */
function DataPlanField() {
  const edit = UserEditCtx.useActorRef();
  const product = UserEditCtx.useSelector(selectProduct);
  const plan = UserEditCtx.useSelector((s) => s.context.draft?.data_plan ?? []);
  const access = UserEditCtx.useSelector((s) => selectAccess(s, 'data_plan'));
  const notices = UserEditCtx.useSelector(selectPlanNotices);
  const error = UserEditCtx.useSelector(selectPlanError);
  const open = useFormOpen();
  const disabled = !access.editable || !open;
  const toggle = (item: string, on: boolean) =>
    edit.send({
      type: 'dataPlan.change',
      selection: item === NO_DATA_PLAN ? [NO_DATA_PLAN] : on ? [...plan, item] : plan.filter((i) => i !== item),
    });
  return (
    <Box role="group" aria-label="Data plan">
      <Text as="div" size="2" weight="medium" mb="1">
        Data plan
      </Text>
      <Flex gap="4" wrap="wrap">
        <Text as="label" size="2">
          <Flex gap="2" align="center">
            <Checkbox
              checked={plan.length === 0}
              disabled={disabled}
              onCheckedChange={(on) => on === true && toggle(NO_DATA_PLAN, true)}
            />
            {dataPlanLabel(product, NO_DATA_PLAN)}
          </Flex>
        </Text>
        {productNames(product).dataPlanItems.map((item) => (
          <Text as="label" size="2" key={item}>
            <Flex gap="2" align="center">
              <Checkbox
                checked={plan.includes(item)}
                disabled={disabled}
                onCheckedChange={(on) => toggle(item, on === true)}
              />
              {dataPlanLabel(product, item)}
            </Flex>
          </Text>
        ))}
      </Flex>
      {notices.map((n) => (
        <Callout.Root key={n} color="blue" size="1" mt="2" role="status">
          <Callout.Text>{n}</Callout.Text>
        </Callout.Root>
      ))}
      {error && (
        <Callout.Root color="red" size="1" mt="2" role="alert">
          <Callout.Text>{error}</Callout.Text>
        </Callout.Root>
      )}
    </Box>
  );
}
