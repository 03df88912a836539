// The Brokers tab's actor (given the URL's query and broker, and the kept draft), the URL kept in
// step with the list's query and the broker chosen, and what keeps a changed user group form across
// a reload and asks before it is left (decision 042).
import { useEffect } from 'react';
import { checkGroupDraft, GROUP_DRAFT_FORM } from './brokers.draft';
import { liveBrokerUserGroupsMachine } from './brokers.live';
import { sameQuery } from './brokers.machine';
import { selectChosen, selectDraftToKeep, selectFormChanged, selectQuery } from './brokers.selectors';
import type { BrokersQuery } from './brokers.types';
import { formDraftScope } from '../../../ui/shared/form-draft-scope';
import type { TabParams, TabSearch } from '../tab-search';
import { BrokersCtx } from './brokers-context';

const idOf = (raw: string | undefined) => (/^\d{1,15}$/.test(raw ?? '') ? raw! : '');
export const queryOfParams = (params: TabParams): BrokersQuery => ({
  q: params['q'] ?? '',
  pb: idOf(params['pb']),
  cursor: params['cursor'] ?? '',
});
export const brokerOfParams = (params: TabParams): number | null =>
  idOf(params['broker']) ? Number(params['broker']) : null;
/** The query and the broker chosen as URL parameters: empty ones left out. */
export const paramsOf = (query: BrokersQuery, broker: number | null): TabParams =>
  Object.fromEntries(
    Object.entries({ ...query, broker: broker === null ? '' : String(broker) }).filter(([, value]) => value !== ''),
  );

/** One user group form at a time in this tab, per staff member: the actor given the URL's query and broker and the kept draft. */
export const {
  address: groupDraftAddress,
  Scope: BrokersScope,
  DraftKeeper: BrokersDraftKeeper,
} = formDraftScope({
  ctx: BrokersCtx,
  logic: liveBrokerUserGroupsMachine,
  draft: {
    form: GROUP_DRAFT_FORM,
    check: checkGroupDraft,
    select: { draft: selectDraftToKeep, changed: selectFormChanged },
  },
  input: (params: TabParams, draft) => ({ query: queryOfParams(params), broker: brokerOfParams(params), draft }),
  description: 'The user group you are editing is not saved yet.',
});

/** A search, a page or a broker chosen shows in the URL; Back or a link from another tab moves the list. */
export function BrokersUrl({ search }: { search: Pick<TabSearch, 'params' | 'setParams'> }) {
  const actor = BrokersCtx.useActorRef();
  const query = BrokersCtx.useSelector(selectQuery);
  const chosen = BrokersCtx.useSelector(selectChosen);
  const fromUrl = queryOfParams(search.params);
  const wanted = paramsOf(query, chosen?.id ?? null);
  const wantedKey = JSON.stringify(wanted);
  useEffect(() => {
    if (wantedKey !== JSON.stringify(paramsOf(queryOfParams(search.params), brokerOfParams(search.params))))
      search.setParams(wanted, { push: true });
    // Only the machine moving writes the URL.
  }, [wantedKey]);
  useEffect(() => {
    if (!sameQuery(fromUrl, actor.getSnapshot().context.query)) actor.send({ type: 'query.set', query: fromUrl });
    // Only the URL's query moving moves the list.
  }, [JSON.stringify(fromUrl)]);
  return null;
}
