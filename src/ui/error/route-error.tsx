// The router's error view: a failed lazy chunk or a render failure inside a route.
import type { ErrorComponentProps } from '@tanstack/react-router';
import { useConsole } from '../console-context';
import { ErrorScreen } from './error-screen';

export function RouteError({ error }: ErrorComponentProps) {
  const { config } = useConsole();
  return <ErrorScreen error={error} showDetails={config.environment !== 'production'} />;
}
