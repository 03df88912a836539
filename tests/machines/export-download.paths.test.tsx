// The export download every exporting screen shares, on its real buttons and status line: the
// buttons wait and "Preparing export…" shows while the file is prepared, then the rows that
// arrived or, in red, why none did. The file itself is checked on the user list and FulFillments
// against the real server; here the call is held and answered by the test.
import { Theme } from '@radix-ui/themes';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, type AnyActorRef } from 'xstate';
import { exportDownloadMachine, type ExportRequest } from '../../src/sections/export-download/export-download.machine';
import type { ReceivedExport } from '../../src/sections/export-download/export-download.types';
import { exportDownloadPlan } from '../../src/sections/export-download/export-download.plan';
import { HttpError } from '../../src/services/http';
import { ExportButtons } from '../../src/sections/export-download/export-buttons';
import { planPaths } from '../../src/workflows/paths';
import { replayPath } from '../support/replay';
import type { ServerBridge } from '../support/server-bridge';

interface World {
  actor: AnyActorRef | null;
  answer: 'downloaded' | 'failed';
  gate: Promise<void>;
  open: () => void;
}

function newWorld(): World {
  const world = { actor: null, answer: 'downloaded', gate: Promise.resolve(), open: () => {} } as World;
  return world;
}

/** Holds the call while the replay looks at the waiting state, as the server bridge does. */
const gateOf = (world: World) =>
  ({
    hold() {
      world.gate = new Promise((resolve) => (world.open = resolve));
    },
    release() {
      world.open();
    },
    pending: () => 0,
  }) as unknown as ServerBridge;

function Harness({ world }: { world: World }) {
  const [actor] = useState(() => {
    const machine = exportDownloadMachine.provide({
      actors: {
        download: fromPromise<ReceivedExport, ExportRequest>(async () => {
          await world.gate;
          if (world.answer === 'failed') throw new HttpError(500, { msg: 'The export could not be prepared.' });
          return { filename: 'users-2026-11-30.csv', rows: 1234 };
        }),
      },
    });
    const started = createActor(machine).start();
    world.actor = started;
    return started;
  });
  return (
    <ExportButtons
      exportRef={actor}
      onExport={(format) => actor.send({ type: 'export.start', request: { format, fields: {} } })}
    />
  );
}

const buttons = () => [
  screen.getByRole('button', { name: 'Export CSV' }),
  screen.getByRole('button', { name: 'Export XLSX' }),
];

describe('exportDownload machine paths', () => {
  it.each(planPaths(exportDownloadPlan).map((p) => [p.name || 'rests', p] as const))('%s', async (_n, path) => {
    const world = newWorld();
    const user = userEvent.setup();
    await replayPath(path, {
      machine: exportDownloadMachine,
      bridge: gateOf(world),
      world,
      actor: () => world.actor!,
      mount: async () => {
        render(
          <Theme>
            <Harness world={world} />
          </Theme>,
        );
      },
      perform: { 'export.start': () => user.click(screen.getByRole('button', { name: 'Export CSV' })) },
      arrange: {
        downloaded: async () => void (world.answer = 'downloaded'),
        failed: async () => void (world.answer = 'failed'),
      },
      expectations: {
        idle: (s) => {
          for (const b of buttons()) expect(b).toBeEnabled();
          expect(s.getByRole('status', { name: 'Export' })).toHaveTextContent(/^$/);
          expect(s.queryByRole('alert')).toBeNull();
        },
        preparing: (s) => {
          for (const b of buttons()) expect(b).toBeDisabled();
          expect(s.getByRole('button', { name: 'Export CSV' })).toHaveAttribute('aria-busy', 'true');
          expect(s.getByRole('status', { name: 'Export' })).toHaveTextContent('Preparing export…');
          expect(s.queryByRole('alert')).toBeNull();
        },
        downloaded: (s) => {
          for (const b of buttons()) expect(b).toBeEnabled();
          expect(s.getByRole('status', { name: 'Export' })).toHaveTextContent(
            'Downloaded 1,234 rows (users-2026-11-30.csv).',
          );
          expect(s.queryByRole('alert')).toBeNull();
        },
        failed: (s) => {
          for (const b of buttons()) expect(b).toBeEnabled();
          expect(s.getByRole('alert')).toHaveTextContent('The export failed. The export could not be prepared.');
          expect(s.getByRole('status', { name: 'Export' })).toHaveTextContent(/^$/);
        },
      },
    });
  });
});
