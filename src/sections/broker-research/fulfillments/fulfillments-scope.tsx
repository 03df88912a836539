// The FulFillments machine for the open tab, wired to the URL: the tab's parameters are the
// list's search; a change of them (a filter, Back, a link from another tab) is `query.set`, and
// the machine's own page turns are written back as a new history entry. An ending being worded
// is kept across a reload, and leaving the page with one asks first (decision 042).
import { useEffect, useMemo, useRef, type ReactNode } from 'react';
import { checkEndDraft, END_DRAFT_FORM } from './fulfillments.draft';
import { liveResearchFulfillmentsMachine } from './fulfillments.live';
import { paramsOf, searchOf } from './fulfillments.search';
import { selectDraftToKeep, selectFormChanged } from './fulfillments.selectors';
import type { DraftAddress } from '../../../services/drafts';
import { useConsole, useInspect } from '../../../ui/console-context';
import { useStoredDraft } from '../../../ui/form/form-draft';
import { FormDraftKeeper, formDraftAddress } from '../../../ui/shared/record-scope';
import { useTabSearch } from '../tab-search';
import { FulfillmentsCtx } from './fulfillments-context';

/** One ending being worded at a time in this tab, per staff member. */
export const endDraftAddress = (staff: number | null): DraftAddress | null => formDraftAddress(END_DRAFT_FORM, staff);

export function FulfillmentsScope({ staff, children }: { staff: number | null; children: ReactNode }) {
  const { config } = useConsole();
  const kept = useStoredDraft(endDraftAddress(staff), checkEndDraft);
  const { params, setParams } = useTabSearch();
  const search = useMemo(() => searchOf(params), [params]);
  const setParamsRef = useRef(setParams);
  setParamsRef.current = setParams;
  const logic = useMemo(
    () =>
      liveResearchFulfillmentsMachine(config.product_key).provide({
        actions: { navigate: (_, { search: next }) => setParamsRef.current(paramsOf(next), { push: true }) },
      }),
    [config.product_key],
  );
  return (
    <FulfillmentsCtx.Provider logic={logic} options={{ input: { search, draft: kept }, inspect: useInspect() }}>
      <UrlListener search={search} />
      {children}
    </FulfillmentsCtx.Provider>
  );
}

/** Keeps a reason being typed as a draft; leaving the page with one asks first and drops it. */
export function EndDraftKeeper({ staff }: { staff: number | null }) {
  return (
    <FormDraftKeeper
      ctx={FulfillmentsCtx}
      select={{ draft: selectDraftToKeep, changed: selectFormChanged }}
      address={endDraftAddress(staff)}
      description="The reason for ending this fulfillment is not sent yet."
    />
  );
}

function UrlListener({ search }: { search: ReturnType<typeof searchOf> }) {
  const actor = FulfillmentsCtx.useActorRef();
  useEffect(() => {
    actor.send({ type: 'query.set', query: search });
  }, [actor, search]);
  return null;
}
