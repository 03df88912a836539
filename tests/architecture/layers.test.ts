// The layers of tests/architecture/layers.ts hold across src/ and server/: each role imports only
// the roles below it, machines reach services only through their live wiring, shared code imports
// no flow and a flow only its declared children, the panel never imports the server, the server
// takes only the contract from the panel, and no import cycles.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { readImportGraph } from './import-graph';
import { CHECKED_DIRS, CHILD_FLOWS, checkLayers, flowOf, formatViolations } from './layers';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const graph = readImportGraph(root, CHECKED_DIRS);

describe('the import graph of src/ and server/', () => {
  it('is read in full (a reader finding nothing would pass every rule)', () => {
    expect(graph.files).toContain('src/domain/users.ts');
    expect(graph.files).toContain('server/app.ts');
    expect(graph.edges).toContainEqual({ from: 'server/app.ts', to: 'server/static.ts', specifier: './static' });
    expect(graph.edges.length).toBeGreaterThan(graph.files.length);
  });

  it('keeps the layers and has no import cycles', () => {
    expect(formatViolations(checkLayers(graph))).toBe('');
  });

  it('declares as children only flows whose machine the parent machine runs', () => {
    const isMachineOf = (flow: string, file: string) => file.endsWith('.machine.ts') && flowOf(file) === flow;
    const undeclared = Object.entries(CHILD_FLOWS).flatMap(([parent, children]) =>
      children
        .filter(
          (child) => !graph.edges.some((e) => e.to !== null && isMachineOf(parent, e.from) && isMachineOf(child, e.to)),
        )
        .map((child) => `${parent} → ${child}`),
    );
    expect(undeclared).toEqual([]);
  });
});
