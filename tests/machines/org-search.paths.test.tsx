// Generated paths of the organisation search, replayed on the real picker against the real
// server: typing (from 2 characters, 200 ms after the last keystroke), the list's keys, a choice,
// nothing found, and the server out of reach with Retry.
import { Theme } from '@radix-ui/themes';
import { render, screen, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import type { OrgPick } from '../../src/domain/users';
import { liveOrgSearchMachine } from '../../src/sections/organizations/org-search.live';
import { orgSearchMachine } from '../../src/sections/organizations/org-search.machine';
import { loginAccount, verifyOtp } from '../../src/services/auth.service';
import { OrgPickerField, type OrgSearchActor } from '../../src/sections/organizations/org-picker';
import { planPaths } from '../../src/workflows/paths';
import { replayPath } from '../support/replay';
import { createTestServer, type TestServer } from '../support/server';
import { connectToServer, type ServerBridge } from '../support/server-bridge';
import { orgSearchPlan } from '../../src/sections/organizations/org-search.plan';

const SEARCH_PATH = '/user/get_user_organization/';
const MATCHES = ['North Star Partners', 'Northwind Capital'];

interface World {
  server: TestServer;
  bridge: ServerBridge;
  user: UserEvent;
  search: OrgSearchActor;
  /** What the picker handed its owner last. */
  picked: OrgPick | null;
  /** The match Enter was pressed on. */
  chosen: string | null;
}
let world: World;

function Form() {
  const [value, setValue] = useState<OrgPick | null>(null);
  return (
    <Theme>
      <OrgPickerField
        search={world.search}
        value={value}
        onChange={(pick) => {
          world.picked = pick;
          setValue(pick);
        }}
      />
      <button type="button">Elsewhere</button>
    </Theme>
  );
}

beforeEach(async () => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
  const server = await createTestServer();
  const bridge = connectToServer(server);
  const now = Date.now();
  for (const name of [...MATCHES, 'Blue Harbor Asset Management']) {
    await server.db
      .insertInto('organizations')
      .values({ name, salesforce_id: name.startsWith('North Star') ? 'SF-77' : null, sf_acc_id: null, created_at: now })
      .execute();
  }
  const staff = await server.createStaff({
    username: 'picker',
    features: ['admin_panel_access', 'user_mgmt'],
    activated: true,
  });
  await loginAccount({ username: staff.username, password: staff.password });
  await verifyOtp({ username: staff.username, otp: server.totp(staff.totpSecret!) });
  world = {
    server,
    bridge,
    user: userEvent.setup({ advanceTimers: vi.advanceTimersByTime }),
    search: createActor(liveOrgSearchMachine()).start(),
    picked: null,
    chosen: null,
  };
});
afterEach(async () => {
  world.search.stop();
  world.bridge.disconnect();
  await world.server.close();
});

const field = () => screen.getByRole('combobox', { name: 'Organization' });
const listShows = (text: string) => {
  expect(
    within(document.getElementById(field().getAttribute('aria-controls')!)!).getByRole('status'),
  ).toHaveTextContent(text);
};

describe('orgSearch machine paths (real picker, real server)', () => {
  it.each(planPaths(orgSearchPlan).map((p) => [p.name, p] as const))('%s', async (_name, path) => {
    await replayPath(path, {
      machine: orgSearchMachine,
      bridge: world.bridge,
      world,
      calls: { searchOrganizations: SEARCH_PATH },
      actor: () => world.search,
      mount: async () => void render(<Form />),
      perform: {
        'query.change': async ({ step }) => {
          await world.user.clear(field());
          await world.user.type(field(), step.event['query'] as string);
        },
        'highlight.next': async () => world.user.type(field(), '{ArrowDown}'),
        'highlight.prev': async () => world.user.type(field(), '{ArrowUp}'),
        'option.choose': async () => {
          world.chosen = screen.getByRole('option', { selected: true }).querySelector('span')!.textContent;
          await world.user.type(field(), '{Enter}');
        },
        'list.close': async () => world.user.type(field(), '{Escape}'),
        'list.retry': async () => world.user.click(screen.getByRole('button', { name: 'Retry' })),
      },
      arrange: {
        // No organisation matches any more.
        nothing: async () => void (await world.server.db.deleteFrom('organizations').execute()),
        unreachable: async () => world.bridge.setOffline(true, [SEARCH_PATH]),
      },
      afterOutcome: {
        unreachable: async () => world.bridge.setOffline(false),
      },
      expectations: {
        closed: (s, { step }) => {
          expect(field()).toHaveAttribute('aria-expanded', 'false');
          expect(s.queryByRole('listbox')).toBeNull();
          if (step?.event.type === 'option.choose') {
            expect(world.picked?.title).toBe(world.chosen);
            expect(MATCHES).toContain(world.chosen);
            expect(world.picked?.salesforceId).toBe(world.chosen === 'North Star Partners' ? 'SF-77' : null);
          }
          // The field shows the chosen organisation, never text that was not chosen.
          expect(field()).toHaveValue(world.picked?.title ?? '');
        },
        'open.tooShort': () => {
          expect(field()).toHaveAttribute('aria-expanded', 'true');
          listShows('Type at least 2 characters to search.');
        },
        'open.waiting': (s) => {
          listShows('Searching…');
          expect(s.queryByRole('option')).toBeNull();
        },
        'open.searching': () => {
          listShows('Searching…');
          expect(world.bridge.pending()).toBe(1);
        },
        'open.results': (s) => {
          const options = within(s.getByRole('listbox', { name: 'Organization matches' })).getAllByRole('option');
          expect(options.map((o) => o.querySelector('span')!.textContent)).toEqual(MATCHES);
          expect(options[0]).toHaveTextContent('Salesforce SF-77');
          // Exactly one option is the active one, and the field points at it.
          const active = options.filter((o) => o.getAttribute('aria-selected') === 'true');
          expect(active).toHaveLength(1);
          expect(field()).toHaveAttribute('aria-activedescendant', active[0]!.id);
          expect(field()).toHaveValue('north');
        },
        'open.empty': () => listShows('No organizations match “north”.'),
        'open.failed': (s) => {
          expect(s.getByRole('alert')).toHaveTextContent(
            'Could not search organizations. Error: no response from the server',
          );
          expect(s.getByRole('button', { name: 'Retry' })).toBeEnabled();
        },
      },
    });
  });
});
