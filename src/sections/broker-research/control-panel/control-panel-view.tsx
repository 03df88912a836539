// Broker Research, Control Panel (spec §2, §3, §6, §8; decision 056): the machine's actor (given
// the distributors the session sees and the kept draft), what keeps changed flags across a reload
// (decision 042), and the view: the submissions waiting, linked to User Submission filtered to
// New, then one card per distributor with each flag's switch, label and meaning, Save and Discard
// changes, who saved last, and what someone else saved first. Thin: everything comes from selectors.
import { Badge, Box, Card, Flex, Heading, Link, Switch, Text } from '@radix-ui/themes';
import { useState, type ReactNode } from 'react';
import { RESEARCH_FLAG_KEYS, RESEARCH_FLAG_LABELS, type ResearchFlags } from '../../../domain/broker-research';
import type { FlagsState } from '../../../domain/broker-research-control-panel';
import { checkFlagsDraft, FLAGS_DRAFT_FORM } from './control-panel.draft';
import { liveResearchFlagsMachine } from './control-panel.live';
import {
  selectAnyChanged,
  selectBusy,
  selectDraftToKeep,
  selectError,
  selectFailed,
  selectLoading,
  selectSavingDist,
  selectSets,
  selectWaiting,
  setChanged,
} from './control-panel.selectors';
import type { DistributorFlags, ResearchFlagsInput } from './control-panel.types';
import type { DraftAddress } from '../../../services/drafts';
import { useInspect } from '../../../ui/console-context';
import { DraftKeeper, sameDraft, useStoredDraft } from '../../../ui/form/form-draft';
import { FieldError } from '../../../ui/form/field-frame';
import { useTabSearch } from '../tab-search';
import { ResearchFlagsCtx } from './control-panel-context';
import { timeText, countText } from '../../../domain/format';
import { StayingFormActions } from '../../../ui/form/form-actions';
import { SavedMeanwhileNote } from '../../../ui/shared/conflict-panel';
import { RetryCallout } from '../../../ui/shared/retry-callout';
import { NoticeCallout } from '../../../ui/shared/notice-callout';
import { RecordLoading } from '../../../ui/shared/record-section';
import { SaveForm } from '../../../ui/form/save-form';
import { TitledCard } from '../../../ui/shared/titled-card';

/** One draft per staff member and set of distributors. */
export const flagsDraftAddress = (staff: number | null, dists: readonly string[]): DraftAddress | null =>
  staff === null ? null : { form: FLAGS_DRAFT_FORM, record: dists.join('+'), staff };

/** When, as a person reads it: 'Nov 25, 2026, 2:41 PM' in the browser's time zone. */

/** The flags that are on, in words: 'on: Broker research, Requests'. */
export function flagsText(flags: ResearchFlags): string {
  const on = RESEARCH_FLAG_KEYS.filter((k) => flags[k]).map((k) => RESEARCH_FLAG_LABELS[k].label);
  return on.length ? `on: ${on.join(', ')}` : 'every flag off';
}

/** Who saved a set last and when; flags set up with the platform name nobody. */
export function savedText(stored: FlagsState): string {
  if (stored.updated_at === null) return 'Not saved by anyone yet: these are the defaults.';
  return stored.updated_by === null
    ? `Set up at ${timeText(stored.updated_at)}; nobody has saved them since.`
    : `Last saved by ${stored.updated_by} at ${timeText(stored.updated_at)}.`;
}

export function ResearchFlagsScope({
  staff,
  dists,
  children,
}: {
  staff: number | null;
  dists: ResearchFlagsInput['dists'];
  children: ReactNode;
}) {
  const kept = useStoredDraft(
    flagsDraftAddress(
      staff,
      dists.map((d) => d.dist),
    ),
    checkFlagsDraft,
  );
  const [input] = useState<ResearchFlagsInput>(() => ({ dists, draft: kept }));
  return (
    <ResearchFlagsCtx.Provider logic={liveResearchFlagsMachine} options={{ input, inspect: useInspect() }}>
      {children}
    </ResearchFlagsCtx.Provider>
  );
}

/** Keeps changed flags as a draft (a reload or another tab and back brings them back); leaving the page with changes asks first and drops them. */
export function ResearchFlagsDraftKeeper({ staff, dists }: { staff: number | null; dists: readonly string[] }) {
  const address = flagsDraftAddress(staff, dists);
  const draft = ResearchFlagsCtx.useSelector(selectDraftToKeep, sameDraft);
  const changed = ResearchFlagsCtx.useSelector(selectAnyChanged);
  return (
    <DraftKeeper
      address={address}
      draft={draft}
      changed={changed}
      description="The changes to the research flags are not saved yet."
    />
  );
}

function Waiting() {
  const waiting = ResearchFlagsCtx.useSelector(selectWaiting);
  const { openTab } = useTabSearch();
  return (
    <TitledCard label="Submissions waiting" title="User submissions" gap="2">
      {waiting === null ? (
        <Text size="2" color="gray">
          The count of new submissions could not be read.
        </Text>
      ) : (
        <>
          <Flex gap="3" align="center" wrap="wrap">
            <Text size="2" aria-label="New submissions">
              {waiting.count === 0
                ? 'No new submissions wait for review.'
                : `${countText(waiting.count)} new ${waiting.count === 1 ? 'submission waits' : 'submissions wait'} for review.`}
            </Text>
            <Link
              href="?tab=user_submission&status=new"
              onClick={(e) => {
                e.preventDefault();
                openTab('user_submission', { status: 'new' });
              }}
            >
              Review new submissions
            </Link>
          </Flex>
          {waiting.latest.length > 0 && (
            <Box asChild>
              <ul aria-label="Newest submissions" style={{ margin: 0, paddingLeft: '1.2em' }}>
                {waiting.latest.map((s) => (
                  <li key={s.id}>
                    <Text size="2">
                      {s.title}{' '}
                      <Text color="gray">
                        — {s.username}, {timeText(s.submitted_at)}
                      </Text>
                    </Text>
                  </li>
                ))}
              </ul>
            </Box>
          )}
        </>
      )}
    </TitledCard>
  );
}

function FlagSet({ set, busy, saving }: { set: DistributorFlags; busy: boolean; saving: boolean }) {
  const actor = ResearchFlagsCtx.useActorRef();
  const changed = setChanged(set);
  const actionable = changed || set.conflict !== null;
  const whole = set.serverErrors['_'];
  const title = `${set.label} research flags`;
  return (
    <Card asChild>
      <SaveForm
        label={title}
        canSave={actionable && !busy}
        onSave={() => actor.send({ type: 'flags.save', dist: set.dist })}
      >
        <Flex direction="column" gap="3">
          <Flex justify="between" align="center" wrap="wrap" gap="2">
            <Heading as="h3" size="3">
              {title}
            </Heading>
            {changed && <Badge color="amber">Not saved</Badge>}
          </Flex>
          <Text as="p" size="1" color="gray" aria-label={`${set.label} last saved`}>
            {savedText(set.stored)}
          </Text>
          <NoticeCallout notice={set.notice} label={`${set.label} notice`} />
          {set.conflict && (
            <SavedMeanwhileNote
              label={`${set.label} saved by someone else`}
              msg={set.conflict.msg}
              stored={flagsText(set.conflict.current.flags)}
              changed={set.conflict.changed}
              setting="flag"
            />
          )}
          <Flex direction="column" gap="3">
            {RESEARCH_FLAG_KEYS.map((key) => {
              const id = `flag-${set.dist}-${key}`;
              const error = set.serverErrors[`flags.${key}`];
              return (
                <Flex key={key} gap="3" align="start">
                  <Switch
                    id={id}
                    checked={set.form[key]}
                    disabled={busy}
                    mt="1"
                    aria-describedby={`${id}-meaning${error ? ` ${id}-error` : ''}`}
                    aria-invalid={error ? true : undefined}
                    onCheckedChange={() => actor.send({ type: 'flag.toggle', dist: set.dist, key })}
                  />
                  <Box>
                    <Text as="label" htmlFor={id} size="2" weight="medium">
                      {RESEARCH_FLAG_LABELS[key].label}
                    </Text>
                    <Text as="p" id={`${id}-meaning`} size="1" color="gray">
                      {RESEARCH_FLAG_LABELS[key].meaning}
                    </Text>
                    <FieldError id={id} error={error} />
                  </Box>
                </Flex>
              );
            })}
          </Flex>
          <StayingFormActions
            error={whole}
            saving={saving}
            busy={busy}
            actionable={actionable}
            onDiscard={() => actor.send({ type: 'flags.discard', dist: set.dist })}
          />
        </Flex>
      </SaveForm>
    </Card>
  );
}

export function ControlPanelView() {
  const actor = ResearchFlagsCtx.useActorRef();
  const loading = ResearchFlagsCtx.useSelector(selectLoading);
  const failed = ResearchFlagsCtx.useSelector(selectFailed);
  const busy = ResearchFlagsCtx.useSelector(selectBusy);
  const error = ResearchFlagsCtx.useSelector(selectError);
  const sets = ResearchFlagsCtx.useSelector(selectSets);
  const savingDist = ResearchFlagsCtx.useSelector(selectSavingDist);
  return (
    <Flex direction="column" gap="4" maxWidth="760px">
      {failed && <RetryCallout error={error} onRetry={() => actor.send({ type: 'flags.retry' })} />}
      {loading && sets.length === 0 && <RecordLoading records="the research flags" named />}
      {sets.length > 0 && (
        <>
          <Waiting />
          {sets.map((set) => (
            <FlagSet key={set.dist} set={set} busy={busy} saving={savingDist === set.dist} />
          ))}
        </>
      )}
    </Flex>
  );
}
