// Reports Dashboard (spec §2, §6, §7; decision 063): the overview's panels (reports_dashboard_tab),
// and its sub-views each behind its own feature: Analytics (analytics_tab,
// user/fetch_user_analytics/), Events (segmentio_tab, segment/fetch_segmentio_events/ and
// user/get_user_segment_data/) and Depth (depth_analytics). Every reply is charts as tables
// computed from the trigger-kept counters of migration 029, or a page of the event store.
import type { Context } from 'hono';
import type * as v from 'valibot';
import { EventsQuery, UserSegmentQuery, type EventsReply, type UserSegmentReply } from '../../src/domain/events';
import {
  AnalyticsQuery,
  DepthQuery,
  REPORT_MESSAGES,
  ReportQuery,
  rangeOrDefault,
  rangeProblem,
  type ChartsReply,
  type ReportReply,
} from '../../src/domain/reports';
import type { AppDeps, HonoEnv } from '../context';
import { eventNames, listEvents, userSegment } from '../events/store';
import { refuseFields } from '../http/replies';
import { analyticsCharts, depthCharts } from '../reports/analytics';
import { rangeMs } from '../reports/counters';
import { panelCharts, type ReportScope } from '../reports/dashboard';
import { defineRoute, type Access, type InputOf, type RouteContext, type RouteSpec } from '../routes';

type RangeInput = { from?: string | undefined; to?: string | undefined };
type ScopeInput = RangeInput & { org_id: number | '' };

/** A report's range in ms (its missing ends filled), or a 400 naming `to` (a range backwards or too long). */
function rangeAsked(c: Context<HonoEnv>, input: RangeInput, now: number): { start: number; end: number } | Response {
  const range = rangeOrDefault(input, now);
  const wrong = rangeProblem(range.from, range.to);
  return wrong ? refuseFields(c, wrong, { to: wrong }) : rangeMs(range);
}

/** The scope of a report, or a 400 naming `to` (the range) or org_id (no such organization). */
async function scopeOf(
  c: Context<HonoEnv>,
  deps: AppDeps,
  input: ScopeInput,
  now: number,
): Promise<ReportScope | Response> {
  const range = rangeAsked(c, input, now);
  if (range instanceof Response) return range;
  const org = input.org_id === '' ? 0 : input.org_id;
  if (org !== 0) {
    const found = await deps.db.selectFrom('organizations').select('id').where('id', '=', org).executeTakeFirst();
    if (!found)
      return refuseFields(c, REPORT_MESSAGES.noOrganization(org), { org_id: REPORT_MESSAGES.noOrganization(org) });
  }
  return { ...range, org, productKey: deps.config.productKey };
}

/**
 * A report over a range and organization: a refused scope answers 400 before `answer` runs, and
 * what `answer` returns is the JSON reply (or a refusal it made).
 */
function scopedRoute<A extends Access, S extends v.GenericSchema<unknown, ScopeInput>, R extends object>(
  spec: Omit<RouteSpec<A, S>, 'handler'>,
  answer: (ctx: RouteContext<A, InputOf<S>>, scope: ReportScope) => Promise<R | Response>,
) {
  return defineRoute<A, S>({
    ...spec,
    async handler(ctx) {
      const scope = await scopeOf(ctx.c, ctx.deps, ctx.input, ctx.now);
      if (scope instanceof Response) return scope;
      const reply = await answer(ctx, scope);
      return reply instanceof Response ? reply : ctx.c.json(reply);
    },
  });
}

const dashboard = scopedRoute(
  {
    method: 'GET',
    path: '/api/reports/dashboard/',
    access: 'reports_dashboard_tab',
    schema: ReportQuery,
    summary:
      'One panel of the overview (panel profile|growth|sign_ins|activity|tags) for from..to (YYYY-MM-DD, UTC, both included) and org_id (empty: every organization): its charts as tables.',
  },
  async ({ deps, input }, scope): Promise<ReportReply> => ({
    status: true,
    panel: input.panel,
    charts: await panelCharts(deps.db, input.panel, scope),
  }),
);

const analytics = scopedRoute(
  {
    method: 'POST',
    path: '/user/fetch_user_analytics/',
    access: 'analytics_tab',
    schema: AnalyticsQuery,
    summary:
      'Events per day by name and in total for from..to and org_id, or for one person (user_id), from the event store.',
  },
  async ({ c, deps, input }, scope): Promise<ChartsReply | Response> => {
    const userId = input.user_id === '' ? null : input.user_id;
    if (
      userId !== null &&
      !(await deps.db.selectFrom('users').select('id').where('id', '=', userId).executeTakeFirst())
    ) {
      return refuseFields(c, REPORT_MESSAGES.noUser(userId), { user_id: REPORT_MESSAGES.noUser(userId) });
    }
    return { status: true, charts: await analyticsCharts(deps.db, scope, userId) };
  },
);

const depth = scopedRoute(
  {
    method: 'GET',
    path: '/api/reports/depth/',
    access: 'depth_analytics',
    schema: DepthQuery,
    summary: 'People active per day and events per active person per day, for from..to and org_id.',
  },
  async ({ deps }, scope): Promise<ChartsReply> => ({ status: true, charts: await depthCharts(deps.db, scope) }),
);

const events = scopedRoute(
  {
    method: 'POST',
    path: '/segment/fetch_segmentio_events/',
    access: 'segmentio_tab',
    schema: EventsQuery,
    summary:
      'Events newest first, 50 a page, for from..to, org_id and name (exact); cursor (occurred_at.id) is the next page; names lists those the range holds.',
  },
  async ({ deps, input }, scope): Promise<EventsReply> => {
    const search = {
      start: scope.start,
      end: scope.end,
      org: scope.org || null,
      name: input.name,
      after: input.cursor || null,
    };
    const [page, names] = await Promise.all([
      listEvents(deps.db, search),
      eventNames(deps.db, scope.start, scope.end, scope.org),
    ]);
    return { status: true, ...page, names };
  },
);

const userSegmentData = defineRoute({
  method: 'POST',
  path: '/user/get_user_segment_data/',
  access: 'segmentio_tab',
  schema: UserSegmentQuery,
  summary: "One person's events: first and last seen, per day in from..to, the latest 20.",
  async handler({ c, deps, input, now }) {
    const range = rangeAsked(c, input, now);
    if (range instanceof Response) return range;
    const { start, end } = range;
    const found = await userSegment(deps.db, input.user_id, start, end);
    if (!found)
      return refuseFields(c, REPORT_MESSAGES.noUser(input.user_id), { user_id: REPORT_MESSAGES.noUser(input.user_id) });
    const reply: UserSegmentReply = { status: true, ...found };
    return c.json(reply);
  },
});

export const reportsRoutes = [dashboard, analytics, depth, events, userSegmentData];
