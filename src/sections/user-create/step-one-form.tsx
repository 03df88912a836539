// Step one (spec §2 create step 1): the account settings every new user of this call gets.
import { Box, Button, Callout, Checkbox, Flex, Grid, Heading, Select, Text } from '@radix-ui/themes';
import type { FormEvent } from 'react';
import { BETA_FLAGS } from '../../domain/user-fields';
import {
  categoryLabel,
  configurationLabel,
  dataPlanLabel,
  ownerLabel,
  startupScreenLabel,
  userFieldLabel,
  userTypeLabel,
} from '../../domain/user-labels';
import { NO_DATA_PLAN } from '../../domain/user-rules';
import type { AccountField, CreateSetup } from './user-create.types';
import {
  selectAccount,
  selectAccountErrors,
  selectPlanNotices,
  selectProduct,
  selectRefusal,
  selectSetup,
} from './user-create.selectors';
import { ExpiryPicker } from '../../ui/expiry-picker/expiry-picker';
import { OrgPicker } from '../organizations/org-picker';
import { described, FieldFrame } from '../../ui/form/field-frame';
import { UserCreateCtx } from './user-create-context';
import { SelectOptions } from '../../ui/form/select-options';

function Choice({
  id,
  label,
  field,
  value,
  options,
  error,
  placeholder,
}: {
  id: string;
  label: string;
  field: AccountField;
  value: string;
  options: { value: string; label: string }[];
  error?: string;
  placeholder: string;
}) {
  const create = UserCreateCtx.useActorRef();
  return (
    <FieldFrame id={id} label={label} error={error}>
      <Select.Root
        value={value || undefined}
        onValueChange={(v) => create.send({ type: 'field.change', field, value: v })}
      >
        <Select.Trigger id={id} placeholder={placeholder} style={{ width: '100%' }} {...described(id, error)} />
        <SelectOptions position="popper" options={options} />
      </Select.Root>
    </FieldFrame>
  );
}

/** Step one's choices in the form's order: the server's options for each, in words. */
const CHOICES: readonly {
  field: AccountField;
  id: string;
  placeholder: string;
  options: (setup: CreateSetup, product: string) => { value: string; label: string }[];
}[] = [
  {
    field: 'user_type',
    id: 'create-user-type',
    placeholder: 'Choose a user type',
    options: (setup) => setup.userTypes.map((t) => ({ value: t, label: userTypeLabel(t) })),
  },
  {
    field: 'user_category',
    id: 'create-category',
    placeholder: 'Choose a category',
    options: (setup) => setup.categories.map((c) => ({ value: c, label: categoryLabel(c) })),
  },
  {
    field: 'owner',
    id: 'create-owner',
    placeholder: 'Choose an owner',
    options: (setup) => setup.owners.map((o) => ({ value: o.key, label: ownerLabel(o) })),
  },
  {
    field: 'product_configuration',
    id: 'create-configuration',
    placeholder: 'Choose a configuration',
    options: (setup, product) => setup.configurations.map((c) => ({ value: c, label: configurationLabel(product, c) })),
  },
  {
    field: 'startup_screen',
    id: 'create-startup',
    placeholder: 'Choose a screen',
    options: (setup, product) => setup.startupScreens.map((s) => ({ value: s, label: startupScreenLabel(product, s) })),
  },
];

export function StepOneForm() {
  const create = UserCreateCtx.useActorRef();
  const setup = UserCreateCtx.useSelector(selectSetup)!;
  const account = UserCreateCtx.useSelector(selectAccount);
  const errors = UserCreateCtx.useSelector(selectAccountErrors);
  const notices = UserCreateCtx.useSelector(selectPlanNotices);
  const product = UserCreateCtx.useSelector(selectProduct);
  const refusal = UserCreateCtx.useSelector(selectRefusal);
  const planItems = [...setup.dataPlanItems, NO_DATA_PLAN];
  const label = (field: string) => userFieldLabel(product, field);

  // The newest choice goes last: §5's messages depend on which plan came first.
  const togglePlan = (item: string, on: boolean) =>
    create.send({
      type: 'plan.change',
      plan: on ? [...account.data_plan, item] : account.data_plan.filter((i) => i !== item),
    });
  const next = (e: FormEvent) => {
    e.preventDefault();
    create.send({ type: 'step.next' });
  };

  return (
    <form onSubmit={next} aria-label="Account settings" noValidate>
      <Flex direction="column" gap="4">
        <Heading as="h3" size="3">
          Step 1 of 2 · Account settings
        </Heading>
        {refusal && (
          <Callout.Root color="red" role="alert">
            <Callout.Text>{refusal}</Callout.Text>
          </Callout.Root>
        )}
        <Grid columns={{ initial: '1', md: '2' }} gap="4">
          <Box>
            {/* The picker names itself (placeholder and label 'Organization'). */}
            <Text as="div" size="2" weight="medium" mb="1" aria-hidden>
              Organization
            </Text>
            <OrgPicker value={account.org} onChange={(org) => create.send({ type: 'org.pick', org })} />
            {errors['organization_id'] && (
              <Text as="p" size="1" color="red" mt="1">
                {errors['organization_id']}
              </Text>
            )}
          </Box>
          {CHOICES.map((c) => (
            <Choice
              key={c.field}
              id={c.id}
              label={label(c.field)}
              field={c.field}
              value={account[c.field]}
              error={errors[c.field]}
              placeholder={c.placeholder}
              options={c.options(setup, product)}
            />
          ))}
          <ExpiryPicker
            label={label('expiry_dt')}
            value={account.expiry_dt}
            error={errors['expiry_dt']}
            onChange={(value) => create.send({ type: 'expiry.change', value })}
          />
        </Grid>

        <Box role="group" aria-labelledby="create-plan-label">
          <Text as="div" id="create-plan-label" size="2" weight="medium" mb="1">
            {label('data_plan')}
          </Text>
          <Flex gap="4" wrap="wrap">
            {planItems.map((item) => (
              <Text as="label" size="2" key={item}>
                <Flex gap="2" align="center">
                  <Checkbox
                    checked={account.data_plan.includes(item)}
                    onCheckedChange={(on) => togglePlan(item, on === true)}
                  />
                  {dataPlanLabel(product, item)}
                </Flex>
              </Text>
            ))}
          </Flex>
          {notices.map((n) => (
            <Callout.Root key={n} color="blue" role="status" size="1" mt="2">
              <Callout.Text>{n}</Callout.Text>
            </Callout.Root>
          ))}
          {errors['data_plan'] && (
            <Callout.Root color="red" role="alert" size="1" mt="2">
              <Callout.Text>{errors['data_plan']}</Callout.Text>
            </Callout.Root>
          )}
        </Box>

        <Box role="group" aria-labelledby="create-flags-label">
          <Text as="div" id="create-flags-label" size="2" weight="medium" mb="1">
            Beta and restriction flags
          </Text>
          <Grid columns={{ initial: '2', md: '4' }} gap="2">
            {BETA_FLAGS.map((flag) => (
              <Text as="label" size="2" key={flag}>
                <Flex gap="2" align="center">
                  <Checkbox
                    checked={account.flags[flag] === true}
                    onCheckedChange={(on) => create.send({ type: 'flag.toggle', flag, on: on === true })}
                  />
                  {label(flag)}
                </Flex>
              </Text>
            ))}
          </Grid>
          {errors['flags'] && (
            <Text as="p" size="1" color="red" mt="1">
              {errors['flags']}
            </Text>
          )}
        </Box>

        <Flex justify="end">
          <Button type="submit">Next</Button>
        </Flex>
      </Flex>
    </form>
  );
}
