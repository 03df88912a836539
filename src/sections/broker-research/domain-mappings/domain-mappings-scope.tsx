// The Broker Domain Mappings machine's actor (given the URL's query and the kept draft), the URL
// kept in step with the list's query both ways, and what keeps a changed form across a reload
// and asks before it is left (decision 042).
import { useEffect } from 'react';
import { checkDomainDraft, DOMAIN_DRAFT_FORM } from './domain-mappings.draft';
import { liveDomainMappingsMachine } from './domain-mappings.live';
import { selectDraftToKeep, selectFormChanged, selectQuery } from './domain-mappings.selectors';
import type { DomainQuery } from './domain-mappings.types';
import { formDraftScope } from '../../../ui/shared/form-draft-scope';
import { queryParams } from '../../../ui/shared/status-search';
import type { TabParams, TabSearch } from '../tab-search';
import { DomainMappingsCtx } from './domain-mappings-context';

/** The URL's parameters as the list's query. */
export const queryOfParams = (params: TabParams): DomainQuery => ({
  q: params['q'] ?? '',
  broker: /^\d+$/.test(params['broker'] ?? '') ? params['broker']! : '',
  cursor: params['cursor'] ?? '',
});
/** The query as URL parameters: empty ones left out. */
export const paramsOfQuery = (query: DomainQuery): TabParams => queryParams(query);
const sameQuery = (a: DomainQuery, b: DomainQuery) => a.q === b.q && a.broker === b.broker && a.cursor === b.cursor;

/** One form at a time in this tab, per staff member: the actor given the URL's query and the kept draft. */
export const {
  address: domainDraftAddress,
  Scope: DomainMappingsScope,
  DraftKeeper: DomainMappingsDraftKeeper,
} = formDraftScope({
  ctx: DomainMappingsCtx,
  logic: () => liveDomainMappingsMachine,
  draft: {
    form: DOMAIN_DRAFT_FORM,
    check: checkDomainDraft,
    select: { draft: selectDraftToKeep, changed: selectFormChanged },
  },
  input: (params: TabParams, draft) => ({ query: queryOfParams(params), draft }),
  description: 'The broker domain mapping you are editing is not saved yet.',
});

/** A search or a page shows in the URL (a new history entry); Back or a link from another tab moves the list. */
export function DomainMappingsUrl({ search }: { search: Pick<TabSearch, 'params' | 'setParams'> }) {
  const actor = DomainMappingsCtx.useActorRef();
  const query = DomainMappingsCtx.useSelector(selectQuery);
  const fromUrl = queryOfParams(search.params);
  const urlKey = JSON.stringify(fromUrl);
  const queryKey = JSON.stringify(query);
  useEffect(() => {
    if (!sameQuery(query, queryOfParams(search.params))) search.setParams(paramsOfQuery(query), { push: true });
    // Only the list's query moving writes the URL.
  }, [queryKey]);
  useEffect(() => {
    if (!sameQuery(fromUrl, actor.getSnapshot().context.query)) actor.send({ type: 'query.set', query: fromUrl });
    // Only the URL moving moves the list.
  }, [urlKey]);
  return null;
}
