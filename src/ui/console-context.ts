// The long-lived actors and settings of the page, handed to views without a global.
import { createContext, useContext } from 'react';
import type { AppConfig } from '../domain/app-config';
import type { ConsoleActors } from '../machines/live';

export interface ConsoleValue extends ConsoleActors {
  config: AppConfig;
}

export const ConsoleContext = createContext<ConsoleValue | null>(null);

export function useConsole(): ConsoleValue {
  const value = useContext(ConsoleContext);
  if (!value) throw new Error('ConsoleContext is missing: render inside <ConsoleProvider>.');
  return value;
}

/** Error details are for developers: shown outside production only (spec §2). */
export function useShowErrorDetails(): boolean {
  const value = useContext(ConsoleContext);
  return value ? value.config.environment !== 'production' : false;
}

/** The tab's inspection hook, so a screen's machine shows in the workflow viewer's Live mode. */
export function useInspect(): ConsoleActors['inspection']['inspect'] | undefined {
  return useContext(ConsoleContext)?.inspection.inspect;
}
