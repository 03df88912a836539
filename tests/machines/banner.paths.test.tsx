// The banner (5 seconds or until the next click) on the real banner view.
import { Theme } from '@radix-ui/themes';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import { bannerMachine } from '../../src/machines/banner/banner.machine';
import { liveBannerMachine } from '../../src/machines/live';
import { BannerView } from '../../src/ui/banner/banner-view';
import { ConsoleContext, type ConsoleValue } from '../../src/ui/console-context';
import { planPaths } from '../../src/workflows/paths';
import { replayPath } from '../support/replay';
import { bannerPlan } from '../../src/machines/banner/banner.plan';

let banner: ReturnType<typeof createActor<ReturnType<typeof liveBannerMachine>>>;

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
});

describe('banner machine paths', () => {
  it.each(planPaths(bannerPlan).map((p) => [p.name, p] as const))('%s', async (_n, path) => {
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    await replayPath(path, {
      machine: bannerMachine,
      bridge: null,
      world: {},
      actor: () => banner,
      mount: async () => {
        banner = createActor(liveBannerMachine()).start();
        render(
          <Theme>
            <ConsoleContext.Provider value={{ banner } as unknown as ConsoleValue}>
              <button type="button">Somewhere on the page</button>
              <BannerView />
            </ConsoleContext.Provider>
          </Theme>,
        );
      },
      perform: {
        // Shown by other machines (logout message, failures).
        'banner.show': async ({ step }) => {
          banner.send(step.event as never);
        },
        'banner.dismiss': async () => {
          await vi.advanceTimersByTimeAsync(1); // the click watcher starts after the showing event
          await user.click(document.querySelector('button')!);
        },
      },
      expectations: {
        hidden: (s) => {
          expect(s.queryByRole('status')).toBeNull();
          expect(s.queryByRole('alert')).toBeNull();
        },
        shown: (s, { step }) => {
          const { tone, text } = step!.event as unknown as { tone: 'info' | 'error'; text: string };
          const shown = s.getByRole(tone === 'error' ? 'alert' : 'status');
          expect(shown).toHaveTextContent(text);
          // Radix callouts carry their colour as data-accent-color: blue for info, red for errors.
          expect(shown.getAttribute('data-accent-color')).toBe(tone === 'error' ? 'red' : 'blue');
        },
      },
    });
    banner.stop();
  });
});
