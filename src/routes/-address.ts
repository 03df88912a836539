// A screen's own address (decision 097): what it shows is written back into the search, replaced
// rather than pushed (a tab or a search is no page to go Back through), and only while its page is
// the one shown, so a read that answers after the person left never brings them back.
import { useRouter } from '@tanstack/react-router';
import { useCallback } from 'react';

export type SearchUpdate<S> = S | ((previous: S) => S);

export function useReplaceSearch<S extends object>(pathname: string): (search: SearchUpdate<S>) => void {
  const router = useRouter();
  return useCallback(
    (search: SearchUpdate<S>) => {
      if (router.state.location.pathname !== pathname) return;
      // The path is the one shown (checked above), so only the search changes.
      void router.navigate({ to: pathname, search: search as never, replace: true } as never);
    },
    [router, pathname],
  );
}

/** A record id named in the address: a positive whole number, else undefined (dropped). */
export function idParam(raw: unknown): number | undefined {
  const id = Number(raw);
  return Number.isSafeInteger(id) && id > 0 ? id : undefined;
}
