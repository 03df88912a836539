// What /workflows/<machine> needs before it shows: the registry entry and its laid-out diagram.
// Loaded on demand by the route, so neither the machines' graph code nor the layout engine
// weighs on the first load of the panel.
import { notFound } from '@tanstack/react-router';
import { workerEngine } from '../../machines/graph/elk-worker-engine';
import { layoutDiagram, type Diagram } from '../../machines/graph/layout';
import { buildModel } from '../../machines/graph/model';
import { findWorkflow, type WorkflowEntry } from '../../machines/registry';

export interface LoadedWorkflow {
  entry: WorkflowEntry;
  diagram: Diagram;
}

export async function loadWorkflow(id: string): Promise<LoadedWorkflow> {
  const entry = findWorkflow(id);
  if (!entry) throw notFound();
  return { entry, diagram: await layoutDiagram(buildModel(entry.machine, entry), workerEngine) };
}
