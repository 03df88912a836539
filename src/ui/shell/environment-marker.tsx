// The server this page talks to, named in the header on every screen, as an identity provider's
// console names its realm: staff who keep several servers open see at a glance which one a change
// lands on. Shown on every server type, production's too (decision 093); tinted outside production.
import { VisuallyHidden } from '@radix-ui/themes';
import type { AppConfig } from '../../domain/app-config';

export function EnvironmentMarker({ config }: { config: Pick<AppConfig, 'server_type' | 'environment'> }) {
  return (
    <span className="env-marker" data-environment={config.environment} title={`Server type: ${config.server_type}`}>
      <VisuallyHidden>Server type: </VisuallyHidden>
      {config.server_type}
    </span>
  );
}
