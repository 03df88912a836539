// What a scenario file exports, and what it gets to work with.
import type { BrowserContext, Page } from 'playwright-core';
import type { Dialog } from './recorder';
import type { ServerName, World } from './world';

export interface ScenarioContext {
  readonly world: World;
  readonly context: BrowserContext;
  /** The first tab; others opened by the page are recorded too. */
  readonly page: Page;
  /** Runs one step, then saves a screenshot of every open tab. */
  step<T>(name: string, action: () => Promise<T>): Promise<T>;
  /** A line in the run's output under the current step. */
  note(text: string): void;
  /** Native alerts the page has shown so far (accepted as a person would). */
  dialogs(page: Page): readonly Dialog[];
}

export interface Scenario {
  readonly name: string;
  /** Servers the runner must start for it. */
  readonly servers: readonly ServerName[];
  run(t: ScenarioContext): Promise<void>;
}
