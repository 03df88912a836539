// A machine definition as the diagram draws it: one node per state node and one edge per
// transition target, with everything an analyst reads on them in words. Pure: the page, the
// export script and the tests build the same model from the same machine.
import type { AnyStateMachine, AnyStateNode, AnyTransitionDefinition } from 'xstate';
import { transitionKey, transitionsOf } from './paths';
import { duration, eventWords, guardWords, words, type Wording } from './words';

export type NodeKind = 'atomic' | 'compound' | 'parallel' | 'final' | 'history';

export interface ModelNode {
  /** The state node's id, e.g. 'login.verifyingPassword'. */
  id: string;
  key: string;
  path: string[];
  /** Parent state node id; null for the machine's top-level states. */
  parent: string | null;
  kind: NodeKind;
  title: string;
  tags: string[];
  description: string | null;
  /** Services invoked while in the state, by invoke id. */
  invokes: { id: string; title: string }[];
  entry: string[];
  exit: string[];
  /** A region of a parallel state. */
  region: boolean;
  /** Id of the child entered first (compound states). */
  initial: string | null;
  depth: number;
}

export interface ModelEdge {
  /** Unique per drawn edge: the transition key, and the target's index when there are several. */
  id: string;
  /** The transition key (source#event[index]) the path generator and coverage use. */
  transition: string;
  /** A state node id, or the machine's "any state" pseudo node for top-level handlers. */
  source: string;
  /** The target state node; the source itself when the transition stays where it is. */
  target: string;
  eventType: string;
  event: string;
  guard: string | null;
  /** Event and guard as drawn: 'submit OTP [OTP valid]'. */
  label: string;
  /** Handled without leaving the state (no target). */
  inPlace: boolean;
  actions: string[];
}

export interface InitialMarker {
  id: string;
  /** The compound state whose first child it points at; null for the machine itself. */
  parent: string | null;
  target: string;
}

export interface DiagramModel {
  machineId: string;
  /** The machine's top-level states are regions that all run at once. */
  parallel: boolean;
  nodes: ModelNode[];
  edges: ModelEdge[];
  initials: InitialMarker[];
  /**
   * Pseudo node for what the machine does in any state: its own top-level transitions and
   * services; null when it has neither.
   */
  anyState: { id: string; invokes: { id: string; title: string }[] } | null;
  /** Named delays and their durations in words. */
  delays: Record<string, string>;
  wording: Wording;
}

export interface ModelOptions {
  /** A context to read delays that depend on it (e.g. the idle timeout); the machine's default otherwise. */
  delayContext?: Record<string, unknown>;
  /** Words for particular events or outcomes. */
  phrases?: Readonly<Record<string, string>>;
}

export const anyStateId = (machine: AnyStateMachine) => `${machine.id}::any`;
export const initialMarkerId = (parent: string | null, machine: AnyStateMachine) => `${parent ?? machine.id}::initial`;

function kindOf(node: AnyStateNode): NodeKind {
  return node.type as NodeKind;
}

function children(node: AnyStateNode): AnyStateNode[] {
  return Object.values(node.states) as AnyStateNode[];
}

function descendants(node: AnyStateNode): AnyStateNode[] {
  return children(node).flatMap((c) => [c, ...descendants(c)]);
}

type GuardLike = string | { type?: unknown } | ((...args: never[]) => unknown) | undefined;

/** A guard in words; higher-order guards (not/and/or) spelled out, inline functions as 'condition'. */
export function describeGuard(guard: GuardLike): string | null {
  if (!guard) return null;
  if (typeof guard === 'string') return guardWords(guard);
  if (typeof guard === 'function') {
    const inner = (guard as { guards?: GuardLike[] }).guards;
    const parts = (inner ?? []).map((g) => describeGuard(g) ?? 'condition');
    if (guard.name === 'not' && parts.length === 1) return `not ${parts[0]}`;
    if ((guard.name === 'and' || guard.name === 'or') && parts.length) return parts.join(` ${guard.name} `);
    return 'condition';
  }
  if (typeof guard === 'object' && 'type' in guard && typeof guard.type === 'string') return guardWords(guard.type);
  return 'condition';
}

function siblings(t: AnyTransitionDefinition): AnyTransitionDefinition[] {
  return (t.eventType ? t.source.transitions.get(t.eventType) : t.source.always) ?? [];
}

/** The guard of a branch; an unguarded branch after guarded ones is taken when none holds. */
export function branchGuard(t: AnyTransitionDefinition): string | null {
  const g = describeGuard(t.guard as GuardLike);
  if (g) return g;
  return siblings(t).indexOf(t) > 0 ? 'otherwise' : null;
}

function actionNames(list: readonly unknown[] | undefined): string[] {
  return (list ?? []).flatMap((a) => {
    if (typeof a === 'string') return [words(a)];
    if (a && typeof a === 'object' && 'type' in a && typeof (a as { type: unknown }).type === 'string')
      return [words((a as { type: string }).type)];
    if (typeof a === 'function' && (a as { type?: unknown }).type === 'xstate.assign') return ['update context'];
    return [];
  });
}

/** Durations of the machine's named delays, in words; a delay that cannot be read is left out. */
export function delayWords(machine: AnyStateMachine, context: Record<string, unknown> = {}): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries((machine.implementations.delays ?? {}) as Record<string, unknown>)) {
    try {
      const ms =
        typeof value === 'function' ? (value as (a: unknown) => unknown)({ context, event: { type: '' } }) : value;
      if (typeof ms === 'number' && Number.isFinite(ms)) out[name] = duration(ms);
    } catch {
      // A delay computed from context this one lacks: shown by name alone.
    }
  }
  return out;
}

export function buildModel(machine: AnyStateMachine, options: ModelOptions = {}): DiagramModel {
  const delays = delayWords(machine, options.delayContext);
  const wording: Wording = { delays, phrases: options.phrases };
  const all = descendants(machine.root);
  const nodes: ModelNode[] = all.map((n) => {
    const parent = n.parent && n.parent !== machine.root ? n.parent : null;
    const initialKey = (n.config as { initial?: string }).initial;
    const initialNode =
      n.type === 'compound' && initialKey ? (n.states[initialKey] as AnyStateNode | undefined) : undefined;
    return {
      id: n.id,
      key: n.key,
      path: n.path,
      parent: parent?.id ?? null,
      kind: kindOf(n),
      title: words(n.key),
      tags: [...n.tags],
      description: n.description ?? null,
      invokes: n.invoke.map((i) => ({ id: i.id, title: words(i.id) })),
      entry: actionNames(n.entry),
      exit: actionNames(n.exit),
      region: n.parent?.type === 'parallel',
      initial: initialNode?.id ?? null,
      depth: n.path.length,
    };
  });

  const rootInvokes = machine.root.invoke.map((i) => ({ id: i.id, title: words(i.id) }));
  const anyState =
    transitionsOf(machine.root).length || rootInvokes.length ? { id: anyStateId(machine), invokes: rootInvokes } : null;
  const edges: ModelEdge[] = [];
  for (const n of [machine.root, ...all]) {
    for (const t of transitionsOf(n)) {
      const key = transitionKey(t);
      const source = n === machine.root ? anyState!.id : n.id;
      const event = eventWords(t.eventType, wording);
      const guard = branchGuard(t);
      const targets = (t.target ?? []) as AnyStateNode[];
      const base = {
        transition: key,
        source,
        eventType: t.eventType,
        event,
        guard,
        label: guard ? `${event} [${guard}]` : event,
        actions: actionNames(t.actions),
      };
      if (!targets.length) edges.push({ ...base, id: key, target: source, inPlace: true });
      targets.forEach((target, i) =>
        edges.push({ ...base, id: targets.length > 1 ? `${key}>${i}` : key, target: target.id, inPlace: false }),
      );
    }
  }

  const initials: InitialMarker[] = [];
  const rootInitial = (machine.root.config as { initial?: string }).initial;
  if (machine.root.type === 'compound' && rootInitial && machine.root.states[rootInitial]) {
    initials.push({
      id: initialMarkerId(null, machine),
      parent: null,
      target: (machine.root.states[rootInitial] as AnyStateNode).id,
    });
  }
  for (const n of nodes)
    if (n.initial) initials.push({ id: initialMarkerId(n.id, machine), parent: n.id, target: n.initial });

  return {
    machineId: machine.id,
    parallel: machine.root.type === 'parallel',
    nodes,
    edges,
    initials,
    anyState,
    delays,
    wording,
  };
}
