// Live mode: the states that running machines of this id are in right now, from the tab's
// inspection bus (src/machines/inspection.ts).
import { useSyncExternalStore } from 'react';
import type { DiagramModel } from '../../workflows/model';
import { stateKey } from '../../workflows/paths';
import { stateWords } from '../../workflows/steps';
import type { InspectionBus } from '../../machines/inspection';

export interface LiveStates {
  /** State node ids any running machine of the workflow is in. */
  active: ReadonlySet<string>;
  /** Each running machine's state in words. */
  running: string[];
}

const OFF: LiveStates = { active: new Set(), running: [] };
const noSubscription = () => () => {};
const never = () => -1;

export function useLiveStates(bus: InspectionBus, model: DiagramModel, enabled: boolean): LiveStates {
  const version = useSyncExternalStore(enabled ? bus.subscribe : noSubscription, enabled ? bus.version : never);
  if (!enabled || version < 0) return OFF;
  const running = bus.running(model.machineId);
  const active = new Set(
    model.nodes.filter((n) => running.some((r) => r.snapshot.matches(n.path.join('.') as never))).map((n) => n.id),
  );
  return { active, running: running.map((r) => stateWords(stateKey(r.snapshot.value))) };
}
