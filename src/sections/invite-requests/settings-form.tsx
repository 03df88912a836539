// The approval's settings (the create form's step one): organization found by name, user type,
// category, owner, configuration, data plan, expiry, and whether the invitation goes now. Each
// value reads as Create User words it, the §5 data plan rules apply as the plan is ticked, and the
// server's words appear at their fields. Used by one approval and by the bulk approval.
import { Button, Checkbox, Flex, Select, Text, TextField } from '@radix-ui/themes';
import { useState } from 'react';
import { INVITE_FIELD_LIMITS } from '../../domain/invite-requests';
import { categoryLabel, configurationLabel, dataPlanLabel, ownerLabel, userTypeLabel } from '../../domain/user-labels';
import { reconcileDataPlan, USER_FIELD_LIMITS } from '../../domain/user-rules';
import { useConsole } from '../../ui/console-context';
import {
  selectBusy,
  selectFieldErrors,
  selectOptions,
  selectOrgChoices,
  selectSettings,
} from './invite-requests.selectors';
import type { SettingsField } from './invite-requests.types';
import { described, FieldFrame } from '../../ui/form/field-frame';
import { InviteReviewCtx } from './invite-requests-context';
import { SelectOptions } from '../../ui/form/select-options';

function Choice({
  id,
  label,
  field,
  choices,
}: {
  id: string;
  label: string;
  field: SettingsField;
  choices: { value: string; text: string }[];
}) {
  const actor = InviteReviewCtx.useActorRef();
  const settings = InviteReviewCtx.useSelector(selectSettings);
  const error = InviteReviewCtx.useSelector(selectFieldErrors)[field] || undefined;
  return (
    <FieldFrame id={id} label={label} error={error}>
      <Select.Root
        value={settings[field] || undefined}
        onValueChange={(value) => actor.send({ type: 'field.set', field, value })}
      >
        <Select.Trigger
          id={id}
          aria-label={label}
          placeholder="Choose…"
          style={{ width: '100%' }}
          {...described(id, error)}
        />
        <SelectOptions position="popper" options={choices.map((c) => ({ value: c.value, label: c.text }))} />
      </Select.Root>
    </FieldFrame>
  );
}

export function SettingsForm({ prefix }: { prefix: string }) {
  const actor = InviteReviewCtx.useActorRef();
  const options = InviteReviewCtx.useSelector(selectOptions);
  const settings = InviteReviewCtx.useSelector(selectSettings);
  const orgChoices = InviteReviewCtx.useSelector(selectOrgChoices);
  const errors = InviteReviewCtx.useSelector(selectFieldErrors);
  const busy = InviteReviewCtx.useSelector(selectBusy);
  const [orgText, setOrgText] = useState(settings.organization_name);
  const product = useConsole().config.product_key;
  // §5 as Create User applies it: a tick may adjust the plan (said in blue); a category that
  // forbids the plan is said in red at once, before the server would.
  const [planNotices, setPlanNotices] = useState<string[]>([]);
  const planRule = reconcileDataPlan(product, settings.data_plan, settings.user_category).error;
  const expiryError = errors['expiry_dt'] || undefined;
  const planError = errors['data_plan'] || planRule || undefined;
  const tick = (item: string, on: boolean) => {
    const chosen = on ? [...settings.data_plan, item] : settings.data_plan.filter((i) => i !== item);
    const { plan, notices } = reconcileDataPlan(product, chosen, settings.user_category);
    setPlanNotices(notices);
    actor.send({ type: 'plan.set', items: plan });
  };
  const id = (name: string) => `${prefix}-${name}`;
  return (
    <Flex direction="column" gap="3">
      <FieldFrame id={id('org-search')} label="Find an organization">
        <Flex gap="2">
          <TextField.Root
            id={id('org-search')}
            style={{ flexGrow: 1 }}
            value={orgText}
            maxLength={INVITE_FIELD_LIMITS.organization}
            placeholder="Organization"
            onChange={(e) => setOrgText(e.target.value)}
            onKeyDown={(e) => {
              if (e.key === 'Enter') {
                e.preventDefault();
                if (orgText.trim().length >= 2) actor.send({ type: 'org.find', text: orgText.trim() });
              }
            }}
          />
          <Button
            type="button"
            variant="soft"
            disabled={busy || orgText.trim().length < 2}
            onClick={() => actor.send({ type: 'org.find', text: orgText.trim() })}
          >
            Find
          </Button>
        </Flex>
      </FieldFrame>
      <Choice
        id={id('organization')}
        label="Organization"
        field="organization_id"
        choices={orgChoices.map((o) => ({ value: String(o.id), text: o.name }))}
      />
      <Flex gap="3">
        <Flex direction="column" style={{ flex: 1 }}>
          <Choice
            id={id('user-type')}
            label="User type"
            field="user_type"
            choices={(options?.user_types ?? []).map((t) => ({ value: t, text: userTypeLabel(t) }))}
          />
        </Flex>
        <Flex direction="column" style={{ flex: 1 }}>
          <Choice
            id={id('category')}
            label="User category"
            field="user_category"
            choices={(options?.user_categories ?? []).map((t) => ({ value: t, text: categoryLabel(t) }))}
          />
        </Flex>
      </Flex>
      <Choice
        id={id('owner')}
        label="Owner"
        field="owner"
        choices={(options?.owners ?? []).map((o) => ({ value: o.key, text: ownerLabel(o) }))}
      />
      <Choice
        id={id('configuration')}
        label="Product configuration"
        field="product_configuration"
        choices={(options?.product_configurations ?? []).map((t) => ({
          value: t,
          text: configurationLabel(product, t),
        }))}
      />
      <FieldFrame label="Data plan" error={planError}>
        <Flex gap="3" wrap="wrap" role="group" aria-label="Data plan">
          {(options?.data_plan_items ?? []).map((item) => (
            <Text as="label" size="2" key={item}>
              <Flex gap="1" align="center">
                <Checkbox
                  checked={settings.data_plan.includes(item)}
                  onCheckedChange={(on) => tick(item, on === true)}
                />
                {dataPlanLabel(product, item)}
              </Flex>
            </Text>
          ))}
        </Flex>
      </FieldFrame>
      {planNotices.map((notice) => (
        <Text key={notice} size="2" color="blue" role="status">
          {notice}
        </Text>
      ))}
      <FieldFrame
        id={id('expiry')}
        label="Expiry date"
        error={expiryError}
        hint="MM-dd-yyyy; empty: the user type's default."
      >
        <TextField.Root
          id={id('expiry')}
          value={settings.expiry_dt}
          placeholder="MM-dd-yyyy"
          maxLength={USER_FIELD_LIMITS.expiry_dt}
          onChange={(e) => actor.send({ type: 'field.set', field: 'expiry_dt', value: e.target.value })}
          {...described(id('expiry'), expiryError, "MM-dd-yyyy; empty: the user type's default.")}
        />
      </FieldFrame>
      <Text as="label" size="2">
        <Flex gap="2" align="center">
          <Checkbox
            checked={settings.send_invitation}
            onCheckedChange={(on) => actor.send({ type: 'invitation.set', send: on === true })}
          />
          Send the invitation now
        </Flex>
      </Text>
      {errors['_'] && (
        <Text size="2" color="red" role="alert">
          {errors['_']}
        </Text>
      )}
    </Flex>
  );
}
