// Steps through a machine by hand, without sending a single request: the machine runs with inert
// services and actions (inert.ts) and a clock that never fires, and a person picks what happens
// next from the events enabled in the current state: their own events, the service outcomes the
// plan lists (success, failure …) and the machine's timers ("after 15 min idle").
import {
  createActor,
  type AnyActorRef,
  type AnyEventObject,
  type AnyMachineSnapshot,
  type AnyStateMachine,
  type AnyTransitionDefinition,
} from 'xstate';
import { inertMachine, NEVER_FIRES } from './inert';
import type { DiagramModel } from './model';
import { candidateEvents, enabledEvents, isDelayEvent, isOutcomeEvent, stateKey, transitionKey } from './paths';
import type { MachinePlan } from './plan';
import { payloadWords, stateWords, stepWords, type NamedPlan } from './steps';
import { eventWords, type Wording } from './words';

export type ChoiceKind = 'person' | 'outcome' | 'timer';

export interface Choice {
  /** Stable within a plan: the candidate's index. */
  id: number;
  kind: ChoiceKind;
  event: AnyEventObject;
  label: string;
  /** The payload of a person's event, or the event an outcome stands for. */
  detail: string | null;
}

export interface HistoryStep {
  label: string;
  from: string;
  to: string;
}

export interface SimulationView {
  planIndex: number;
  status: 'active' | 'done' | 'error';
  /** The current state in words. */
  state: string;
  /** Ids of the state nodes the machine is in (ancestors included). */
  active: ReadonlySet<string>;
  /** Transition keys the last step took. */
  lastTransitions: ReadonlySet<string>;
  choices: Choice[];
  history: HistoryStep[];
  error: string | null;
}

export interface Simulation {
  getView(): SimulationView;
  subscribe(listener: () => void): () => void;
  choose(id: number): void;
  reset(): void;
  usePlan(index: number): void;
  stop(): void;
}

export interface SimulationSource {
  machine: AnyStateMachine;
  model: DiagramModel;
  /** The walks of the machine's plan; without one, only its timers can be stepped. */
  plans: readonly NamedPlan[];
  wording: Wording;
}

export function createSimulation({ machine, model, plans, wording }: SimulationSource): Simulation {
  const listeners = new Set<() => void>();
  const fallback: NamedPlan = { title: 'Timers only', plan: { machine, events: [], outcomes: [] } };
  let planIndex = 0;
  let actor: AnyActorRef | null = null;
  let candidates: AnyEventObject[] = [];
  let history: HistoryStep[] = [];
  let microsteps: string[] = [];
  let last: ReadonlySet<string> = new Set();
  let view: SimulationView;

  const named = () => plans[planIndex] ?? fallback;

  function kindOf(e: AnyEventObject): ChoiceKind {
    if (isOutcomeEvent(e)) return 'outcome';
    return isDelayEvent(e) ? 'timer' : 'person';
  }

  function choiceOf(plan: MachinePlan, event: AnyEventObject): Choice {
    const kind = kindOf(event);
    const label = stepWords(event, plan, wording);
    // An outcome is named by the plan ('server accepts the password'); the event it stands for goes beside it.
    const generic = eventWords(event.type, wording);
    return {
      id: candidates.indexOf(event),
      kind,
      event,
      label,
      detail: kind === 'person' ? payloadWords(event) : kind === 'outcome' && generic !== label ? generic : null,
    };
  }

  function compute(): SimulationView {
    const snapshot = actor!.getSnapshot() as AnyMachineSnapshot;
    const active = new Set(model.nodes.filter((n) => snapshot.matches(n.path.join('.') as never)).map((n) => n.id));
    const plan = named().plan;
    const status = snapshot.status === 'error' ? 'error' : snapshot.status === 'done' ? 'done' : 'active';
    return {
      planIndex,
      status,
      state: stateWords(stateKey(snapshot.value)),
      active,
      lastTransitions: last,
      choices: status === 'active' ? enabledEvents(plan, snapshot, candidates).map((e) => choiceOf(plan, e)) : [],
      history,
      error:
        status === 'error'
          ? String((snapshot as { error?: unknown }).error ?? 'the machine stopped with an error')
          : null,
    };
  }

  function start() {
    actor?.stop();
    const plan = named().plan;
    candidates = candidateEvents(plan);
    history = [];
    microsteps = [];
    actor = createActor(inertMachine(plan.machine), {
      input: plan.input,
      clock: NEVER_FIRES,
      inspect: (ev) => {
        if (ev.type === '@xstate.microstep' && ev.actorRef === actor) {
          const ts = (ev as unknown as { _transitions: AnyTransitionDefinition[] })._transitions;
          microsteps.push(...ts.map(transitionKey));
        }
      },
    });
    actor.start();
    last = new Set(microsteps);
    view = compute();
  }

  const notify = () => listeners.forEach((l) => l());

  start();
  return {
    getView: () => view,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    choose(id) {
      const event = candidates[id];
      const choice = view.choices.find((c) => c.id === id);
      if (!event || !choice || !actor) return;
      const from = view.state;
      microsteps = [];
      actor.send(event);
      last = new Set(microsteps);
      const next = compute();
      history = [...history, { label: choice.label, from, to: next.state }];
      view = { ...next, history };
      notify();
    },
    reset() {
      start();
      notify();
    },
    usePlan(index) {
      planIndex = plans[index] ? index : 0;
      start();
      notify();
    },
    stop() {
      actor?.stop();
      actor = null;
    },
  };
}
