import { createFileRoute, redirect } from '@tanstack/react-router';
import { selectIsAuthenticated } from '../machines/session/session.selectors';
import { useConsole, useInspect } from '../ui/console-context';
import { LoginCtx } from '../sections/login/login-context';
import { LoginView } from '../sections/login/login-view';

/** `/login?activated`: the page reloaded after two-step sign-in was activated. No schema: this runs in the first load. */
interface LoginSearch {
  activated?: true;
}

export const Route = createFileRoute('/login')({
  validateSearch: (search: Record<string, unknown>): LoginSearch => ('activated' in search ? { activated: true } : {}),
  beforeLoad: ({ context }) => {
    if (selectIsAuthenticated(context.console.session.getSnapshot())) throw redirect({ to: '/' });
  },
  component: LoginPage,
});

function LoginPage() {
  const { login } = useConsole();
  const { activated } = Route.useSearch();
  return (
    <LoginCtx.Provider logic={login} options={{ inspect: useInspect(), input: { activated: activated === true } }}>
      <LoginView />
    </LoginCtx.Provider>
  );
}
