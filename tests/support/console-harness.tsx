// The session-level views of the panel without the router: the router's part (which page is on
// screen, where actions navigate) is played by the test, so the session machine's paths can be
// walked one event at a time. The views themselves are the real ones.
import { Theme } from '@radix-ui/themes';
import { useSelector } from '@xstate/react';
import { render } from '@testing-library/react';
import { DEFAULT_APP_CONFIG, type AppConfig } from '../../src/domain/app-config';
import { createConsoleActors, type ConsoleActors } from '../../src/machines/live';
import { REDIRECT_PATH } from '../../src/machines/session/session.machine';
import { selectIsAuthenticated } from '../../src/machines/session/session.selectors';
import { BannerView } from '../../src/ui/banner/banner-view';
import { ConsoleContext, type ConsoleValue } from '../../src/ui/console-context';
import { LoginCtx } from '../../src/sections/login/login-context';
import { LoginView } from '../../src/sections/login/login-view';
import { RedirectCtx } from '../../src/sections/redirect/redirect-context';
import { RedirectView } from '../../src/sections/redirect/redirect-view';
import { SessionExpiryGate } from '../../src/ui/session/session-expiry-gate';
import { ShellHeader } from '../../src/ui/shell/shell-header';

export interface HarnessRecord {
  navigations: string[];
  loads: (string | undefined)[];
}

/** /redirect's page: the linked sign-in, never the shell or the sign-in form. */
function RedirectPage({ value, token }: { value: ConsoleValue; token: string | null }) {
  return (
    <>
      <RedirectCtx.Provider logic={value.redirect} options={{ input: { token } }}>
        <RedirectView loginHref="/login" />
      </RedirectCtx.Provider>
      <BannerView />
      <SessionExpiryGate />
    </>
  );
}

function Page({ value }: { value: ConsoleValue }) {
  // The shell stays on screen while logging out, until the session machine navigates away, and
  // behind the expiry dialog until the page reloads: the router does not leave the page for either.
  const signedIn = useSelector(
    value.session,
    (s) => selectIsAuthenticated(s) || s.hasTag('busy') || s.hasTag('expired'),
  );
  const anonymous = useSelector(value.session, (s) => s.hasTag('anonymous'));
  return (
    <>
      {signedIn && <ShellHeader />}
      {anonymous && (
        <LoginCtx.Provider logic={value.login}>
          <LoginView />
        </LoginCtx.Provider>
      )}
      <BannerView />
      <SessionExpiryGate />
    </>
  );
}

/** Mounts the page at `path`; on /redirect the link's `token` is the page's query. */
export function mountConsole(
  path: string,
  config: Partial<AppConfig> = {},
  { token = null }: { token?: string | null } = {},
): { actors: ConsoleActors; record: HarnessRecord } {
  const record: HarnessRecord = { navigations: [], loads: [] };
  const full = { ...DEFAULT_APP_CONFIG, ...config };
  const actors = createConsoleActors(
    full,
    { navigate: (to) => record.navigations.push(to), load: (to) => record.loads.push(to) },
    path,
  );
  actors.banner.start();
  actors.linkout.start();
  actors.session.start();
  render(
    <Theme>
      <ConsoleContext.Provider value={{ ...actors, config: full }}>
        {path === REDIRECT_PATH ? (
          <RedirectPage value={{ ...actors, config: full }} token={token} />
        ) : (
          <Page value={{ ...actors, config: full }} />
        )}
      </ConsoleContext.Provider>
    </Theme>,
  );
  return { actors, record };
}
