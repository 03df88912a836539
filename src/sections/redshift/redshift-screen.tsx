// /redshift_configuration (spec §2 "Redshift Configuration"; decision 054): the machine's actor
// (given the kept draft), what keeps a changed form across a reload (decision 042), and the view:
// User Script and Account Script switches, the 'Ignore flag in user script' checkboxes, Save, who
// saved last and when, and what someone else saved first. Thin: everything comes from selectors.
import { Box, Card, Checkbox, Flex, Heading, Switch, Text } from '@radix-ui/themes';
import type { ReactNode } from 'react';
import { REDSHIFT_FLAG_KEYS, REDSHIFT_LABELS, type RedshiftConfiguration } from '../../domain/redshift';
import { checkRedshiftDraft, REDSHIFT_DRAFT_FORM } from './redshift.draft';
import { liveRedshiftConfigMachine } from './redshift.live';
import { FIELD_OF } from './redshift.machine';
import {
  selectBusy,
  selectConflict,
  selectDraftToKeep,
  selectError,
  selectFailed,
  selectFieldErrors,
  selectForm,
  selectFormChanged,
  selectLoading,
  selectNotice,
  selectSaving,
  selectStored,
} from './redshift.selectors';
import type { RedshiftToggle } from './redshift.types';
import type { DraftAddress } from '../../services/drafts';
import { FormDraftKeeper, RecordScope, useStaffId } from '../../ui/shared/record-scope';
import { RedshiftCtx } from './redshift-context';
import { timeText } from '../../domain/format';
import { StayingFormActions } from '../../ui/form/form-actions';
import { SavedMeanwhileNote } from '../../ui/shared/conflict-panel';
import { RetryCallout } from '../../ui/shared/retry-callout';
import { NoticeCallout } from '../../ui/shared/notice-callout';
import { RecordLoading } from '../../ui/shared/record-section';

/** One draft per staff member: the deployment has one configuration. */
export const redshiftDraftAddress = (staff: number | null): DraftAddress | null =>
  staff === null ? null : { form: REDSHIFT_DRAFT_FORM, record: 'deployment', staff };

/** When it was saved, as a person reads it: 'Nov 25, 2026, 2:41 PM' in the browser's time zone. */

/** What the route mounts (tests put a probe inside to hold the actor). */
export function RedshiftScreen({ probe }: { probe?: ReactNode }) {
  const staff = useStaffId();
  return (
    <RedshiftScope staff={staff}>
      {probe}
      <RedshiftDraftKeeper staff={staff} />
      <RedshiftView />
    </RedshiftScope>
  );
}

export function RedshiftScope({ staff, children }: { staff: number | null; children: ReactNode }) {
  return (
    <RecordScope
      ctx={RedshiftCtx}
      logic={liveRedshiftConfigMachine}
      address={redshiftDraftAddress(staff)}
      check={checkRedshiftDraft}
      input={(draft) => ({ draft })}
    >
      {children}
    </RecordScope>
  );
}

/** Keeps a changed form as a draft (a reload brings it back); leaving the page with changes asks first and drops them. */
export function RedshiftDraftKeeper({ staff }: { staff: number | null }) {
  return (
    <FormDraftKeeper
      ctx={RedshiftCtx}
      select={{ draft: selectDraftToKeep, changed: selectFormChanged }}
      address={redshiftDraftAddress(staff)}
      description="The changes to the Redshift configuration are not saved yet."
    />
  );
}

const onOff = (b: boolean) => (b ? 'on' : 'off');
/** The configuration in words: 'User Script on, Account Script off; ignored: Product'. */
export function configurationText(c: RedshiftConfiguration): string {
  const ignored = REDSHIFT_FLAG_KEYS.filter((k) => c.user_flag[k]).map((k) => REDSHIFT_LABELS[k]);
  return (
    `${REDSHIFT_LABELS.user_script} ${onOff(c.user_script)}, ${REDSHIFT_LABELS.account_script} ${onOff(c.account_script)}; ` +
    `${REDSHIFT_LABELS.ignoreFlags.toLowerCase()}: ${ignored.length ? ignored.join(', ') : 'none'}`
  );
}

function valueOf(c: RedshiftConfiguration, key: RedshiftToggle): boolean {
  return key === 'user_script' || key === 'account_script' ? c[key] : c.user_flag[key];
}

function Toggle({
  name,
  kind,
  form,
  disabled,
  error,
}: {
  name: RedshiftToggle;
  kind: 'switch' | 'checkbox';
  form: RedshiftConfiguration;
  disabled: boolean;
  error: string | undefined;
}) {
  const actor = RedshiftCtx.useActorRef();
  const id = `redshift-${name}`;
  const props = {
    id,
    checked: valueOf(form, name),
    disabled,
    onCheckedChange: () => actor.send({ type: 'form.toggle', key: name }),
    'aria-invalid': error ? true : undefined,
    'aria-describedby': error ? `${id}-error` : undefined,
  };
  return (
    <Box>
      <Text as="label" size="2" htmlFor={id}>
        <Flex gap="2" align="center">
          {kind === 'switch' ? <Switch {...props} /> : <Checkbox {...props} />}
          {REDSHIFT_LABELS[name]}
        </Flex>
      </Text>
      {error && (
        <Text as="p" id={`${id}-error`} size="1" color="red" mt="1">
          {error}
        </Text>
      )}
    </Box>
  );
}

/** The two scripts, each switched on or off. */
const SCRIPT_SWITCHES = ['user_script', 'account_script'] as const;

export function RedshiftView() {
  const actor = RedshiftCtx.useActorRef();
  const loading = RedshiftCtx.useSelector(selectLoading);
  const failed = RedshiftCtx.useSelector(selectFailed);
  const busy = RedshiftCtx.useSelector(selectBusy);
  const saving = RedshiftCtx.useSelector(selectSaving);
  const error = RedshiftCtx.useSelector(selectError);
  const notice = RedshiftCtx.useSelector(selectNotice);
  const stored = RedshiftCtx.useSelector(selectStored);
  const form = RedshiftCtx.useSelector(selectForm);
  const changed = RedshiftCtx.useSelector(selectFormChanged);
  const conflict = RedshiftCtx.useSelector(selectConflict);
  const fieldErrors = RedshiftCtx.useSelector(selectFieldErrors);
  const whole = fieldErrors['_'];
  const actionable = changed || conflict !== null;
  return (
    <Flex direction="column" gap="4" maxWidth="640px">
      <Heading as="h2" size="5">
        Redshift Configuration
      </Heading>
      {stored && (
        <Text as="p" size="2" color="gray" aria-label="Last saved">
          {stored.updated_at === null
            ? 'Not saved by anyone yet.'
            : `Last saved by ${stored.updated_by_email ?? 'a staff member no longer here'} at ${timeText(stored.updated_at)}.`}
        </Text>
      )}
      <NoticeCallout notice={notice} label="Redshift notice" />
      {conflict && (
        <SavedMeanwhileNote
          label="Saved by someone else"
          msg={conflict.msg}
          stored={configurationText(conflict.current.configuration)}
          changed={conflict.changed}
          setting="setting"
        />
      )}
      {failed && (
        <RetryCallout
          lead="The Redshift configuration could not be loaded."
          error={error}
          onRetry={() => actor.send({ type: 'redshift.retry' })}
        />
      )}
      {loading && !form && <RecordLoading records="the Redshift configuration" named />}
      {form && (
        <Card asChild>
          <form
            aria-label="Redshift configuration"
            onSubmit={(e) => {
              e.preventDefault();
              if (actionable && !busy) actor.send({ type: 'form.save' });
            }}
          >
            <Flex direction="column" gap="4">
              <Flex gap="5" wrap="wrap">
                {SCRIPT_SWITCHES.map((name) => (
                  <Toggle
                    key={name}
                    name={name}
                    kind="switch"
                    form={form}
                    disabled={busy}
                    error={fieldErrors[FIELD_OF[name]]}
                  />
                ))}
              </Flex>
              <Box asChild>
                <fieldset aria-labelledby="redshift-ignore-legend" style={{ border: 0, padding: 0, margin: 0 }}>
                  <Text as="div" id="redshift-ignore-legend" size="2" weight="medium" mb="2">
                    {REDSHIFT_LABELS.ignoreFlags}
                  </Text>
                  <Flex gap="5" wrap="wrap">
                    {REDSHIFT_FLAG_KEYS.map((k) => (
                      <Toggle
                        key={k}
                        name={k}
                        kind="checkbox"
                        form={form}
                        disabled={busy}
                        error={fieldErrors[FIELD_OF[k]]}
                      />
                    ))}
                  </Flex>
                  {fieldErrors['user_flag'] && (
                    <Text as="p" size="1" color="red" mt="1">
                      {fieldErrors['user_flag']}
                    </Text>
                  )}
                </fieldset>
              </Box>
              <StayingFormActions
                error={whole}
                saving={saving}
                busy={busy}
                actionable={actionable}
                onDiscard={() => actor.send({ type: 'form.discard' })}
              />
            </Flex>
          </form>
        </Card>
      )}
    </Flex>
  );
}
