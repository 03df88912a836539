// The layers of tests/architecture/layers.ts hold across src/ and server/: the contract imports
// nothing of ours, machines reach services only through their live wiring, the panel never
// imports the server, the server takes only the contract from the panel, and no import cycles.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { readImportGraph } from './import-graph';
import { CHECKED_DIRS, checkLayers, formatViolations } from './layers';

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
});
