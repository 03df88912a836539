import { createFileRoute } from '@tanstack/react-router';
import * as v from 'valibot';
import { useConsole, useInspect } from '../ui/console-context';
import { RedirectCtx } from '../sections/redirect/redirect-context';
import { RedirectView } from '../sections/redirect/redirect-view';

/** A token that is not a string reads as missing, and the page says so. */
const RedirectSearch = v.object({ token: v.fallback(v.optional(v.string()), undefined) });

export const Route = createFileRoute('/redirect')({
  validateSearch: RedirectSearch,
  component: RedirectPage,
});

function RedirectPage() {
  const { redirect } = useConsole();
  const { token } = Route.useSearch();
  return (
    <RedirectCtx.Provider logic={redirect} options={{ input: { token: token ?? null }, inspect: useInspect() }}>
      <RedirectView loginHref="/login" />
    </RedirectCtx.Provider>
  );
}
