// The chunk-load timer on the real pending view.
import { Theme } from '@radix-ui/themes';
import { render } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { AnyActorRef } from 'xstate';
import { MESSAGES } from '../../src/domain/auth';
import { chunkMachine } from '../../src/machines/chunk/chunk.machine';
import { ChunkCtx } from '../../src/ui/error/chunk-context';
import { PendingBody } from '../../src/ui/error/pending-view';
import { planPaths } from '../../src/workflows/paths';
import { replayPath } from '../support/replay';
import { chunkPlan } from '../../src/machines/chunk/chunk.plan';

let actor: AnyActorRef | undefined;
function Probe() {
  actor = ChunkCtx.useActorRef();
  return null;
}

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
});

describe('chunk machine paths', () => {
  it.each(planPaths(chunkPlan).map((p) => [p.name || 'rests', p] as const))('%s', async (_n, path) => {
    await replayPath(path, {
      machine: chunkMachine,
      bridge: null,
      world: {},
      actor: () => actor!,
      mount: async () => {
        render(
          <Theme>
            <ChunkCtx.Provider>
              <Probe />
              <PendingBody />
            </ChunkCtx.Provider>
          </Theme>,
        );
      },
      perform: {},
      expectations: {
        loading: (s) => {
          expect(s.getByRole('status')).toHaveTextContent('Loading…');
          expect(s.queryByText(MESSAGES.renderFailure)).toBeNull();
        },
        timedOut: (s) => {
          expect(s.getByRole('heading', { name: MESSAGES.renderFailure })).toBeVisible();
          expect(s.getByText('Part of the page could not be loaded.')).toBeVisible();
          expect(s.getByRole('button', { name: 'Reload' })).toBeEnabled();
          expect(s.queryByText(/ChunkLoadError/)).toBeNull(); // details only outside production
        },
      },
    });
  });
});
