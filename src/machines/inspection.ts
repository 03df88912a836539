// The machines running in this tab, as XState's inspection API reports them: the actors created
// in live.ts (and any view that passes `inspect` to its actor) feed one bus per page load, and the
// workflow viewer's Live mode reads from it which states those machines are in right now.
import type { AnyActorRef, AnyMachineSnapshot, InspectionEvent } from 'xstate';

export interface RunningMachine {
  /** The actor's session id, unique in this tab. */
  sessionId: string;
  machineId: string;
  snapshot: AnyMachineSnapshot;
}

export interface InspectionBus {
  /** Pass as `createActor(logic, { inspect })`; it sees the actor and everything it starts. */
  inspect(event: InspectionEvent): void;
  /** Machines of this id that are running now. */
  running(machineId: string): RunningMachine[];
  subscribe(listener: () => void): () => void;
  /** Changes whenever a running machine changes state (for useSyncExternalStore). */
  version(): number;
}

const machineIdOf = (ref: AnyActorRef): string | null => {
  const logic = (ref as unknown as { logic?: { id?: unknown; root?: unknown } }).logic;
  return logic && 'root' in logic && typeof logic.id === 'string' ? logic.id : null;
};

export function createInspectionBus(): InspectionBus {
  const machines = new Map<string, RunningMachine>();
  const listeners = new Set<() => void>();
  let version = 0;
  return {
    inspect(event) {
      if (event.type !== '@xstate.snapshot') return;
      const ref = event.actorRef as AnyActorRef;
      const machineId = machineIdOf(ref);
      if (!machineId) return;
      const snapshot = event.snapshot as AnyMachineSnapshot;
      const { sessionId } = ref;
      // A stopped actor reports a last snapshot with status 'stopped'; done and failed ones are over too.
      if (snapshot.status === 'active') machines.set(sessionId, { sessionId, machineId, snapshot });
      else machines.delete(sessionId);
      version++;
      for (const listener of listeners) listener();
    },
    running: (machineId) => [...machines.values()].filter((m) => m.machineId === machineId),
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    version: () => version,
  };
}
