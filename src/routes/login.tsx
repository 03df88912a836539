import { createFileRoute, redirect } from '@tanstack/react-router';
import { selectIsAuthenticated } from '../machines/session/session.selectors';
import { useConsole, useInspect } from '../ui/console-context';
import { LoginCtx } from '../ui/login/login-context';
import { LoginView } from '../ui/login/login-view';

export const Route = createFileRoute('/login')({
  beforeLoad: ({ context }) => {
    if (selectIsAuthenticated(context.console.session.getSnapshot())) throw redirect({ to: '/' });
  },
  component: LoginPage,
});

function LoginPage() {
  const { login } = useConsole();
  return (
    <LoginCtx.Provider logic={login} options={{ inspect: useInspect() }}>
      <LoginView />
    </LoginCtx.Provider>
  );
}
