// The workflow diagrams: drawn from every registered machine with one node per state node and one
// edge per transition; the Mermaid export exact for a small fixture; and docs/workflows never
// behind the machines (`npm run workflows:export` rewrites it).
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { directEngine } from '../../src/workflows/elk-direct';
import { layoutDiagram } from '../../src/workflows/layout';
import { toMermaid } from '../../src/workflows/mermaid';
import { buildModel } from '../../src/workflows/model';
import { allStates, allTransitions } from '../../src/workflows/paths';
import { WORKFLOWS } from '../../src/machines/registry';
import { DiagramSvg } from '../../src/ui/workflows/diagram-svg';
import { FILE_PALETTE } from '../../src/ui/workflows/palette';
import { workflowFiles, WORKFLOWS_DIR } from '../../scripts/workflows/files';
import { doorMachine } from '../ui/workflows-fixtures';

describe('the registry', () => {
  it('gives each machine its id, its file, a title, a one-line purpose and its own plans', () => {
    expect(new Set(WORKFLOWS.map((e) => e.id)).size).toBe(WORKFLOWS.length);
    for (const entry of WORKFLOWS) {
      expect(entry.id).toBe(entry.machine.id);
      expect(readFileSync(entry.source, 'utf8'), entry.source).toContain(`id: '${entry.id}'`);
      expect(entry.title.trim().length).toBeGreaterThan(0);
      expect(entry.purpose).toMatch(/^[A-Z'].{10,160}\.$/);
      expect(entry.plans.every((p) => p.plan.machine === entry.machine)).toBe(true);
    }
  });
});

describe('the diagram of every registered machine', () => {
  for (const entry of WORKFLOWS) {
    it(`${entry.id}: one node per state node, one edge per transition`, async () => {
      const diagram = await layoutDiagram(buildModel(entry.machine, entry), directEngine);
      const { container, unmount } = render(
        <DiagramSvg diagram={diagram} palette={FILE_PALETTE} title={entry.title} />,
      );
      const nodes = [...container.querySelectorAll('[data-state-node]')].map((n) => n.getAttribute('data-state-node'));
      expect(nodes.sort()).toEqual(allStates(entry.machine).sort());
      const transitions = [...container.querySelectorAll('[data-edge]')].map((e) => e.getAttribute('data-transition'));
      // One drawn edge per transition target; none of the machine's transitions have several.
      expect(transitions.sort()).toEqual(allTransitions(entry.machine).sort());
      for (const edge of container.querySelectorAll('[data-edge] path:last-child'))
        expect(edge.getAttribute('d')).toMatch(/^M[\d.]+ [\d.]+ .*L/);
      // Every state shows its name, and every edge label is drawn.
      for (const node of diagram.model.nodes) {
        expect(container.querySelector(`[data-state-node="${node.id}"] text`)?.textContent).toBe(node.title);
      }
      expect(container.querySelectorAll('[data-label-of]')).toHaveLength(diagram.edges.length);
      unmount();
    });
  }

  it('draws compound, parallel and final states, initial markers, timers, guards and services', async () => {
    const diagram = await layoutDiagram(buildModel(doorMachine), directEngine);
    const { container } = render(<DiagramSvg diagram={diagram} palette={FILE_PALETTE} title="Door" />);
    const kind = (id: string) => container.querySelector(`[data-state-node="${id}"]`)?.getAttribute('data-kind');
    expect([kind('door.open'), kind('door.open.light'), kind('door.done'), kind('door.closed')]).toEqual([
      'parallel',
      'compound',
      'final',
      'atomic',
    ]);
    // Final states have a double border; each compound state and the machine an initial marker.
    expect(container.querySelectorAll('[data-state-node="door.done"] > rect')).toHaveLength(2);
    expect(
      [...container.querySelectorAll('[data-initial-of]')].map((m) => m.getAttribute('data-initial-of')).sort(),
    ).toEqual(['door', 'door.open.alarm', 'door.open.light']);
    const labels = [...container.querySelectorAll('[data-label-of]')].map((l) => l.textContent);
    expect(labels).toEqual(
      expect.arrayContaining([
        'after 1 min 30 s idle',
        'open door[is unlocked]',
        'open door[otherwise]',
        'save door succeeds',
        'reset door',
      ]),
    );
    expect(container.querySelector('[data-state-node="door.saving"]')?.textContent).toContain('invokes save door');
    expect(container.querySelector('[data-state-node="door.saving"] [data-tag="busy"]')).not.toBeNull();
    expect(container.querySelector('[data-state-node="door.done"]')?.textContent).toContain('The door is saved shut');
    expect(container.querySelector('[data-pseudo="any-state"]')?.textContent).toBe('any state');
  });
});

describe('Mermaid export', () => {
  it('writes a small machine exactly', () => {
    expect(toMermaid(buildModel(doorMachine))).toBe(`stateDiagram-v2
  state "any state" as door__any
  [*] --> door_closed
  state "closed" as door_closed
  state "open" as door_open
  state door_open {
    state "light" as door_open_light
    state door_open_light {
      [*] --> door_open_light_on
      state "on" as door_open_light_on
      state "off" as door_open_light_off
    }
    --
    state "alarm" as door_open_alarm
    state door_open_alarm {
      [*] --> door_open_alarm_armed
      state "armed" as door_open_alarm_armed
      state "ringing" as door_open_alarm_ringing
      door_open_alarm_ringing --> [*]
    }
  }
  state "saving" as door_saving
  state "done" as door_done
  door_done --> [*]
  door__any --> door_closed: reset door
  door_closed --> door_open: open door [is unlocked]
  door_closed --> door_closed: open door [otherwise]
  door_open --> door_saving: close door
  door_open_light_on --> door_open_light_off: after 1 min 30 s idle
  door_open_alarm_armed --> door_open_alarm_ringing: alarm trip
  door_saving --> door_done: save door succeeds
  door_saving --> door_closed: save door fails
`);
  });
});

describe('docs/workflows', () => {
  it('holds the current diagrams of every registered machine and nothing else (run `npm run workflows:export`)', async () => {
    const files = await workflowFiles();
    expect(readdirSync(WORKFLOWS_DIR).sort()).toEqual([...files.keys()].sort());
    for (const [name, content] of files) {
      const file = path.join(WORKFLOWS_DIR, name);
      expect(existsSync(file), `docs/workflows/${name}`).toBe(true);
      expect(readFileSync(file, 'utf8'), `docs/workflows/${name} is stale`).toBe(content);
    }
  });
});
