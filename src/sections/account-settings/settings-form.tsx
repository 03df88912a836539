// One account's settings: every field of spec §3 in its group (Limits, Features, Screens and
// notebook, Editor, Other flags, Data team flags, Query bits — account-labels.ts, the groups and
// words Template Settings and SKU Configuration read too — then Groups of this account, the SKUs
// it holds (read with the account; each code a link to SKU Configuration when the session opens
// it) and Template it follows, with a link to Template Settings likewise), each labelled in words, each problem at its field (the browser's check with the
// contract's rules first, then the server's), the rules explained beside the limits.
import {
  Badge,
  Box,
  Button,
  Callout,
  Flex,
  Grid,
  Heading,
  Link,
  RadioGroup,
  Select,
  Text,
  TextField,
} from '@radix-ui/themes';
import { useSelector } from '@xstate/react';
import type { FormEvent } from 'react';
import {
  LIMIT_HELP,
  QUERY_BIT_LABELS,
  REGION_LABELS,
  settingGroups,
  type SettingField,
} from '../../domain/account-labels';
import { REGIONS } from '../../domain/account-settings';
import {
  selectBusy,
  selectFieldErrors,
  selectForm,
  selectFormError,
  selectGroups,
  selectNotice,
  selectQueryBits,
  selectSavedBy,
  selectSaving,
  selectSkus,
  selectTemplateName,
  selectTemplates,
} from './account-settings.selectors';
import { selectOpensSection } from '../../machines/session/session.selectors';
import { useConsole } from '../../ui/console-context';
import { described, FieldError, FieldFrame } from '../../ui/form/field-frame';
import { RecordCheck } from '../../ui/shared/record-fields';
import { FieldGroup } from '../../ui/form/field-group';
import { timeText } from '../../domain/format';
import { AccountSettingsCtx } from './account-settings-context';
import { NoticeCallout } from '../../ui/shared/notice-callout';
import { SelectOptions } from '../../ui/form/select-options';

const NONE = 'none';
const SKU_CONFIGURATION = '/sku_configuration';
const TEMPLATE_SETTINGS = '/template_settings';
const opensSkus = selectOpensSection(SKU_CONFIGURATION);
const opensTemplates = selectOpensSection(TEMPLATE_SETTINGS);
const idOf = (field: string) => `as-${field.replaceAll('.', '-').replaceAll('_', '-')}`;

export function SettingsForm({ productKey }: { productKey: string }) {
  const actor = AccountSettingsCtx.useActorRef();
  const form = AccountSettingsCtx.useSelector(selectForm);
  const errors = AccountSettingsCtx.useSelector(selectFieldErrors);
  const formError = AccountSettingsCtx.useSelector(selectFormError);
  const notice = AccountSettingsCtx.useSelector(selectNotice);
  const saving = AccountSettingsCtx.useSelector(selectSaving);
  const busy = AccountSettingsCtx.useSelector(selectBusy);
  const groups = AccountSettingsCtx.useSelector(selectGroups);
  const templates = AccountSettingsCtx.useSelector(selectTemplates);
  const templateName = AccountSettingsCtx.useSelector(selectTemplateName);
  const skus = AccountSettingsCtx.useSelector(selectSkus);
  const { session } = useConsole();
  const skuLinks = useSelector(session, opensSkus);
  const templateLink = useSelector(session, opensTemplates);
  const bits = AccountSettingsCtx.useSelector(selectQueryBits);
  const saved = AccountSettingsCtx.useSelector(selectSavedBy);
  if (!form) return null;
  const set = (field: string, value: string | number | boolean) => actor.send({ type: 'form.value', field, value });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    actor.send({ type: 'form.submit' });
  };

  const checkbox = (field: string, label: string) => {
    const value = form.values[field] === true;
    const id = idOf(field);
    const error = errors[field];
    return (
      <Box key={field}>
        <RecordCheck
          gap="2"
          checked={value}
          disabled={saving}
          control={{ 'aria-label': label, ...described(id, error) }}
          onChange={(on) => set(field, on)}
        >
          {label}
        </RecordCheck>
        <FieldError id={id} error={error} />
      </Box>
    );
  };

  const control = ({ path: field, key, label, kind, options }: SettingField) => {
    const value = form.values[field];
    const id = idOf(field);
    const error = errors[field];
    if (kind === 'regions') {
      return (
        <Box key={field} role="group" aria-label={label}>
          <Text size="2" weight="medium">
            {label}
          </Text>
          <Flex gap="3">{REGIONS.map((r) => checkbox(`${field}.${r}`, REGION_LABELS[r]))}</Flex>
        </Box>
      );
    }
    if (kind === 'switch') return checkbox(field, label);
    if (kind === 'choice') {
      return (
        <FieldFrame key={field} label={label} error={error}>
          <RadioGroup.Root
            aria-label={label}
            value={String(value)}
            disabled={saving}
            onValueChange={(v) => set(field, options?.find((o) => String(o.value) === v)?.value ?? v)}
          >
            <Flex gap="3" wrap="wrap">
              {(options ?? []).map((o) => (
                <Text as="label" size="2" key={String(o.value)}>
                  <Flex gap="1" align="center">
                    <RadioGroup.Item value={String(o.value)} />
                    {o.label}
                  </Flex>
                </Text>
              ))}
            </Flex>
          </RadioGroup.Root>
        </FieldFrame>
      );
    }
    const hint = LIMIT_HELP[key as keyof typeof LIMIT_HELP];
    return (
      <FieldFrame key={field} id={id} label={label} error={error} hint={hint}>
        <TextField.Root
          id={id}
          value={String(value)}
          inputMode="numeric"
          maxLength={9}
          disabled={saving}
          style={{ maxWidth: 200 }}
          onChange={(e) => set(field, e.currentTarget.value)}
          {...described(id, error, hint)}
        />
      </FieldFrame>
    );
  };

  return (
    <form onSubmit={submit} aria-label={`Settings of ${form.accountName}`}>
      <Flex direction="column" gap="4">
        <Text size="2" color="gray" aria-label="Saved state">
          {form.version === 0
            ? 'Nothing is saved for this account: it runs on the default settings shown here. Saving stores them.'
            : `Saved${saved.by ? ` by ${saved.by}` : ''}${saved.at ? ` on ${timeText(saved.at)}` : ''}.`}
        </Text>
        <NoticeCallout notice={notice} label="Account settings notice" />
        {formError && (
          <Callout.Root color="red" role="alert" aria-label="Not saved">
            <Callout.Text>{formError}</Callout.Text>
          </Callout.Root>
        )}
        {settingGroups(productKey).map((group) =>
          group.fields[0]?.kind === 'query_bits' ? (
            <FieldGroup
              key={group.title}
              title={group.title}
              help={`Each bit allows a kind of query; together they are stored as one number (now ${String(form.values['account_level_flags.new_filter_permission'])}).`}
            >
              <Flex gap="4" wrap="wrap">
                {QUERY_BIT_LABELS.map((q) => (
                  <RecordCheck
                    key={q.bit}
                    gap="2"
                    checked={bits.includes(q.bit)}
                    disabled={saving}
                    control={{ 'aria-label': q.label }}
                    onChange={(on) => actor.send({ type: 'form.queryBit', bit: q.bit, on })}
                  >
                    {q.label} ({q.bit})
                  </RecordCheck>
                ))}
              </Flex>
              <FieldError id={undefined} error={errors['account_level_flags.new_filter_permission']} />
            </FieldGroup>
          ) : (
            <FieldGroup key={group.title} title={group.title} help={group.help}>
              <Grid columns={group.title === 'Limits' ? '4' : '3'} gap={group.title === 'Limits' ? '3' : '2'}>
                {group.fields.map(control)}
              </Grid>
            </FieldGroup>
          ),
        )}
        <FieldGroup title="Groups of this account" help="New users of this account join the groups ticked here.">
          {groups.length === 0 && (
            <Text size="2" color="gray">
              This account has no groups.
            </Text>
          )}
          <Flex gap="4" wrap="wrap">
            {groups.map((g) => (
              <RecordCheck
                key={g.id}
                gap="2"
                checked={form.groups.includes(g.id)}
                disabled={saving}
                control={{ 'aria-label': g.name }}
                onChange={(on) => actor.send({ type: 'form.group', id: g.id, on })}
              >
                {g.name}
              </RecordCheck>
            ))}
          </Flex>
          {errors['accountsettings_groups'] && (
            <Text as="p" size="1" color="red" role="alert" aria-label="Groups problem">
              {errors['accountsettings_groups']}
            </Text>
          )}
        </FieldGroup>
        <FieldGroup title="SKUs it holds" help="SKUs are assigned on SKU Configuration.">
          {skus.length === 0 ? (
            <Text as="p" size="2" color="gray">
              Holds no SKU.
            </Text>
          ) : (
            <Flex direction="column" gap="1" asChild>
              <ul aria-label="SKUs held" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
                {skus.map((sku) => (
                  <li key={sku.id} aria-label={sku.code}>
                    <Flex gap="2" align="center">
                      <Text size="2" weight="medium">
                        {skuLinks ? <Link href={SKU_CONFIGURATION}>{sku.code}</Link> : sku.code}
                      </Text>
                      <Text size="2">{sku.name}</Text>
                      {sku.retired && (
                        <Badge color="gray" size="1">
                          retired
                        </Badge>
                      )}
                    </Flex>
                  </li>
                ))}
              </ul>
            </Flex>
          )}
        </FieldGroup>
        <Box role="group" aria-label="Template it follows">
          <Flex gap="3" align="baseline" mb="1">
            <Heading as="h3" size="3">
              Template it follows
            </Heading>
            {templateLink && form.base.templateId !== null && (
              <Link size="2" href={TEMPLATE_SETTINGS}>
                Open in Template Settings
              </Link>
            )}
          </Flex>
          <Text as="p" size="1" color="gray" mb="2">
            {form.base.templateId === null
              ? 'It follows no template.'
              : `It follows '${templateName ?? `template ${form.base.templateId}`}'.`}{' '}
            Templates are kept on Template Settings.
          </Text>
          <Select.Root
            value={form.templateId === null ? NONE : String(form.templateId)}
            disabled={saving}
            onValueChange={(v) => actor.send({ type: 'form.template', id: v === NONE ? null : Number(v) })}
          >
            <Select.Trigger aria-label="Template" />
            <SelectOptions
              first={{ value: NONE, label: 'No template' }}
              options={templates.map((t) => ({ value: String(t.id), label: t.name }))}
            />
          </Select.Root>
          <FieldError id={undefined} error={errors['templatesettings_id']} />
        </Box>
        <Flex gap="3" justify="end">
          {form.version > 0 && (
            <Button
              type="button"
              color="red"
              variant="soft"
              disabled={busy}
              onClick={() => actor.send({ type: 'defaults.ask' })}
            >
              Back to the defaults
            </Button>
          )}
          <Button type="submit" loading={saving} disabled={busy}>
            Save
          </Button>
        </Flex>
      </Flex>
    </form>
  );
}
