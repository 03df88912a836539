// The FulFillments machine for the open tab, wired to the URL: the tab's parameters are the
// list's search; a change of them (a filter, Back, a link from another tab) is `url.change`, and
// the machine's own page turns are written back as a new history entry.
import { useEffect, useMemo, useRef, type ReactNode } from 'react';
import { liveResearchFulfillmentsMachine } from '../../../machines/research-fulfillments/research-fulfillments.live';
import { paramsOf, searchOf } from '../../../machines/research-fulfillments/research-fulfillments.search';
import { useConsole, useInspect } from '../../console-context';
import { useTabSearch } from '../tab-search';
import { FulfillmentsCtx } from './fulfillments-context';

export function FulfillmentsScope({ children }: { children: ReactNode }) {
  const { config } = useConsole();
  const { params, setParams } = useTabSearch();
  const search = useMemo(() => searchOf(params), [params]);
  const setParamsRef = useRef(setParams);
  setParamsRef.current = setParams;
  const logic = useMemo(() => liveResearchFulfillmentsMachine(config.product_key).provide({
    actions: { navigate: (_, { search: next }) => setParamsRef.current(paramsOf(next), { push: true }) },
  }), [config.product_key]);
  return (
    <FulfillmentsCtx.Provider logic={logic} options={{ input: { search }, inspect: useInspect() }}>
      <UrlListener search={search} />
      {children}
    </FulfillmentsCtx.Provider>
  );
}

function UrlListener({ search }: { search: ReturnType<typeof searchOf> }) {
  const actor = FulfillmentsCtx.useActorRef();
  useEffect(() => {
    actor.send({ type: 'url.change', search });
  }, [actor, search]);
  return null;
}
