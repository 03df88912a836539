// What /workflows/<machine> needs before it shows: the registry entry and its laid-out diagram.
// Loaded on demand by the route, so neither the machines' graph code nor the layout engine
// weighs on the first load of the panel.
import { notFound } from '@tanstack/react-router';
import { workerEngine } from '../../workflows/elk-worker-engine';
import { layoutDiagram, type Diagram } from '../../workflows/layout';
import { buildModel } from '../../workflows/model';
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
