// Segments & Tags' Segments tab in the router: the query the user list asked to save arrives in
// the URL (?tab=segments&save={…}); it is taken once (the form keeps it as its draft from then on)
// and dropped from the URL, so a reload does not open the form a second time.
import { useNavigate, useRouter, useSearch } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { useEffect, useState } from 'react';
import * as v from 'valibot';
import { SegmentQuery, type Segment } from '../../domain/segments';
import { useConsole } from '../../ui/console-context';
import { selectStaffId } from '../../ui/form/form-draft';
import { listSearchOf } from './query-words';
import { SegmentsPanel } from './segments-panel';

export function SegmentsTab() {
  const search = useSearch({ strict: false }) as Record<string, unknown>;
  const navigate = useNavigate();
  const router = useRouter();
  const { session } = useConsole();
  const staff = useSelector(session, selectStaffId);
  const [prefill] = useState(() => {
    const parsed = v.safeParse(SegmentQuery, search['save']);
    return parsed.success ? parsed.output : null;
  });
  useEffect(() => {
    if (search['save'] !== undefined)
      void navigate({ to: '/segments_n_tags', search: { tab: 'segments' }, replace: true });
  }, []);
  const listLocation = (segment: Segment) => ({ to: '/user_list' as const, search: listSearchOf(segment.query) });
  return (
    <SegmentsPanel
      staff={staff}
      prefill={prefill}
      userListHref={router.buildLocation({ to: '/user_list' }).href}
      listHref={(segment) => router.buildLocation(listLocation(segment)).href}
      openInList={(segment) => void navigate(listLocation(segment))}
    />
  );
}
