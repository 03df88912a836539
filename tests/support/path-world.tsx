// The harness the machines' path tests share: a staff member signed in against a fresh in-process
// server, the view rendered inside the console's providers, and the generated walks of a plan
// replayed one test each. Each test file keeps its own records, driver and expectations.
import { Theme } from '@radix-ui/themes';
import { render } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, it, vi } from 'vitest';
import { DEFAULT_APP_CONFIG } from '../../src/domain/app-config';
import type { ConsoleActors } from '../../src/machines/live';
import { ConsoleContext } from '../../src/ui/console-context';
import { planPaths, type MachinePlan, type PlannedPath } from '../../src/workflows/paths';
import type { Staff } from './login-world';
import { replayPath, type Driver } from './replay';
import { createTestServer, type TestServer } from './server';
import { connectToServer, type ServerBridge } from './server-bridge';
import { startSignedInConsole, stopConsole } from './signed-in-console';

/** What every path test's world holds: the server, the bridge to it, the person's input, the console. */
export interface SignedInWorld {
  server: TestServer;
  bridge: ServerBridge;
  user: UserEvent;
  actors: ConsoleActors;
}

export interface StaffOptions {
  username: string;
  features: readonly string[];
  otherFeatures?: string[];
  /**
   * The machines' delays and the server's clock on vitest's fake timers, faked before the server
   * exists so both read the same clock; user-event moves that clock while it waits.
   */
  fakeTimers?: boolean;
}

export interface StaffOnServer {
  server: TestServer;
  bridge: ServerBridge;
  staff: Staff;
  /** Signs the staff member in; the console's actors start as a page load of `path` starts them. */
  signIn: (path?: string) => Promise<{ actors: ConsoleActors; user: UserEvent }>;
}

/** A fresh server and bridge with the staff member on it, activated; the records come next, then signIn. */
export async function openServerWithStaff({
  username,
  features,
  otherFeatures,
  fakeTimers = false,
}: StaffOptions): Promise<StaffOnServer> {
  if (fakeTimers) vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
  const server = await createTestServer();
  const bridge = connectToServer(server);
  const staff = await server.createStaff({ username, features: [...features], otherFeatures, activated: true });
  const signIn = async (path?: string) => {
    const actors = await startSignedInConsole(server, staff, path);
    const user = fakeTimers ? userEvent.setup({ advanceTimers: vi.advanceTimersByTime }) : userEvent.setup();
    return { actors, user };
  };
  return { server, bridge, staff, signIn };
}

/**
 * openServerWithStaff, then `seed` (the records the view reads, written before the sign-in as a
 * page load would find them), then the sign-in at `path`. What `seed` returns joins the world.
 */
export async function openSignedInWorld<T extends object = object>(
  { path, ...options }: StaffOptions & { path?: string },
  seed?: (server: TestServer, staff: Staff) => Promise<T | void>,
): Promise<SignedInWorld & { staff: Staff } & T> {
  const { server, bridge, staff, signIn } = await openServerWithStaff(options);
  const seeded = (seed ? await seed(server, staff) : undefined) as T;
  return { ...seeded, server, bridge, staff, ...(await signIn(path)) };
}

/** Stops the console's actors before the server behind them goes away. */
export async function closeSignedInWorld(world: Pick<SignedInWorld, 'server' | 'bridge' | 'actors'>): Promise<void> {
  stopConsole(world.actors);
  world.bridge.disconnect();
  await world.server.close();
}

/** The view inside the providers every console page has: the theme and the console's actors. */
export function renderInConsole(actors: ConsoleActors, node: ReactNode): void {
  render(
    <Theme>
      <ConsoleContext.Provider value={{ ...actors, config: DEFAULT_APP_CONFIG }}>{node}</ConsoleContext.Provider>
    </Theme>,
  );
}

/** Renders nothing; hands the actor ref its hook reads (a section context's useActorRef) to `keep`. */
export function ActorProbe<R>({ hook, keep }: { hook: () => R; keep: (ref: R) => void }): null {
  keep(hook());
  return null;
}

/** How one walk is replayed: through the file's driver, or through the file's own replay. */
export type PathRun<W> = { driver: () => Driver<W> } | { replay: (path: PlannedPath) => Promise<unknown> };

function run<W>(how: PathRun<W>, path: PlannedPath): Promise<unknown> {
  return 'driver' in how ? replayPath(path, how.driver()) : how.replay(path);
}

/** One test per generated walk of `plan`, named after the walk (`label`'s %s). */
export function itPaths<W>(plan: MachinePlan, how: PathRun<W>, label = '%s'): void {
  it.each(planPaths(plan).map((p) => [p.name, p] as const))(label, async (_name, path) => {
    await run(how, path);
  });
}

export type PathBlock<W> = PathRun<W> & {
  /** Opens the world each walk starts from. */
  before?: () => Promise<unknown> | void;
  /** Closes it, when the file does not close it for every test. */
  after?: () => Promise<unknown> | void;
};

/** A describe block of `plan`'s walks; `more` adds the block's other tests. */
export function describePaths<W>(title: string, plan: MachinePlan, block: PathBlock<W>, more?: () => void): void {
  describe(title, () => {
    if (block.before) beforeEach(block.before);
    if (block.after) afterEach(block.after);
    itPaths(plan, block);
    more?.();
  });
}
