// The banner (5 seconds or until the next click) on the real banner view.
import { Theme } from '@radix-ui/themes';
import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import { BANNER_MS } from '../../src/domain/constants';
import { bannerMachine } from '../../src/machines/banner/banner.machine';
import { liveBannerMachine } from '../../src/machines/banner/banner.live';
import { BannerView } from '../../src/ui/banner/banner-view';
import { ConsoleContext, type ConsoleValue } from '../../src/ui/console-context';
import { planPaths } from '../../src/workflows/paths';
import { replayPath } from '../support/replay';
import { bannerPlan } from '../../src/machines/banner/banner.plan';

/** The message on screen: an alert when it is an error, a status otherwise. */
function shownElement(s: typeof screen): HTMLElement {
  return s.getByRole(banner.getSnapshot().context.tone === 'error' ? 'alert' : 'status');
}

function expectShown(s: typeof screen): void {
  const { tone, text } = banner.getSnapshot().context;
  const shown = shownElement(s);
  expect(shown).toHaveTextContent(text);
  // Radix callouts carry their colour as data-accent-color: blue for info, red for errors.
  expect(shown.getAttribute('data-accent-color')).toBe(tone === 'error' ? 'red' : 'blue');
}

let banner: ReturnType<typeof createActor<typeof liveBannerMachine>>;

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
        banner = createActor(liveBannerMachine).start();
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
        'banner.hold': async () => {
          fireEvent.pointerEnter(shownElement(screen));
        },
        'banner.release': async () => {
          fireEvent.pointerLeave(shownElement(screen));
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
        'shown.counting': (s) => {
          expectShown(s);
        },
        // Held: its five seconds wait while it is read.
        'shown.held': async (s) => {
          await vi.advanceTimersByTimeAsync(BANNER_MS * 2);
          expectShown(s);
        },
      },
    });
    banner.stop();
  });
});
