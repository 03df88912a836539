// Walks told in words: the shortest way to reach a state ("enter username and password → server
// accepts the password → enter OTP"), and the generated test paths with their coverage figures.
import type { AnyEventObject, AnyMachineSnapshot, AnyStateMachine } from 'xstate';
import { allStates, allTransitions, isOutcomeEvent, planPaths, reachedBy, shortestSequences } from './paths';
import type { MachinePlan, PlannedPath } from './plan';
import { eventWords, outcomeWords, words, type Wording } from './words';

export interface NamedPlan {
  title: string;
  plan: MachinePlan;
}

/** 'active.betweenBeats.watching' → 'active › between beats › watching'; regions joined with ' + '. */
export function stateWords(key: string): string {
  return key
    .split('+')
    .map((part) => part.replace(/[()]/g, '').split('.').map(words).join(' › '))
    .join(' + ');
}

/** One event of a walk in words: an outcome by its name, anything else by its type. */
export function stepWords(event: AnyEventObject, plan: MachinePlan, wording: Wording): string {
  if (isOutcomeEvent(event)) {
    const json = JSON.stringify(event);
    const outcome = plan.outcomes.find((o) => JSON.stringify(o.event) === json);
    if (outcome) return outcomeWords(outcome.name, wording);
  }
  return eventWords(event.type, wording);
}

/** The payload of a person's event, shortly: 'username "staff", password "correct horse"'. */
export function payloadWords(event: AnyEventObject): string | null {
  const { type: _type, ...payload } = event;
  const parts = Object.entries(payload).map(
    ([k, v]) => `${words(k)} ${typeof v === 'string' ? `"${v}"` : JSON.stringify(v)}`,
  );
  return parts.length ? parts.join(', ') : null;
}

const shortestCache = new WeakMap<MachinePlan, { state: AnyMachineSnapshot; events: AnyEventObject[] }[]>();

function shortestOf(plan: MachinePlan) {
  let found = shortestCache.get(plan);
  if (!found) {
    found = shortestSequences(plan);
    shortestCache.set(plan, found);
  }
  return found;
}

export interface ReachingPath {
  plan: string;
  steps: string[];
}

/** The fewest steps from the start that put the machine in the given state node, over all plans. */
export function shortestPathTo(
  machine: AnyStateMachine,
  stateId: string,
  plans: readonly NamedPlan[],
  wording: Wording,
): ReachingPath | null {
  const node = machine.getStateNodeById(stateId);
  const path = node.path.join('.');
  let best: { plan: NamedPlan; events: AnyEventObject[] } | null = null;
  for (const named of plans) {
    for (const candidate of shortestOf(named.plan)) {
      if (!candidate.state.matches(path as never)) continue;
      if (!best || candidate.events.length < best.events.length) best = { plan: named, events: candidate.events };
    }
  }
  if (!best) return null;
  return { plan: best.plan.title, steps: best.events.map((e) => stepWords(e, best!.plan.plan, wording)) };
}

export interface TestPlanSummary {
  walks: { title: string; paths: { steps: { words: string; state: string }[]; start: string }[] }[];
  states: { reached: number; total: number; missed: string[] };
  transitions: { reached: number; total: number; missed: string[] };
}

/** The generated paths CI replays, in words, with the states and transitions they reach. */
export function testPlanSummary(
  machine: AnyStateMachine,
  plans: readonly NamedPlan[],
  wording: Wording,
): TestPlanSummary {
  const generated: { named: NamedPlan; paths: PlannedPath[] }[] = plans.map((named) => ({
    named,
    paths: planPaths(named.plan),
  }));
  const reach = generated.map(({ paths }) => reachedBy(paths, machine));
  const states = new Set(reach.flatMap((r) => [...r.states]));
  const transitions = new Set(reach.flatMap((r) => [...r.transitions]));
  const everyState = allStates(machine);
  const everyTransition = allTransitions(machine);
  return {
    walks: generated.map(({ named, paths }) => ({
      title: named.title,
      paths: paths.map((p) => ({
        start: stateWords(p.initial),
        steps: p.steps.map((s) => ({ words: stepWords(s.event, named.plan, wording), state: stateWords(s.state) })),
      })),
    })),
    states: {
      reached: everyState.filter((s) => states.has(s)).length,
      total: everyState.length,
      missed: everyState.filter((s) => !states.has(s)),
    },
    transitions: {
      reached: everyTransition.filter((t) => transitions.has(t)).length,
      total: everyTransition.length,
      missed: everyTransition.filter((t) => !transitions.has(t)),
    },
  };
}
