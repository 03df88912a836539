import { createBrowserHistory } from '@tanstack/react-router';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { ConsoleRoot, createConsoleApp } from './app';
import { readAppConfig } from './services/app-config';
// Radix Themes in parts, each its own module so the build can trim it (build/radix-css-trim.ts):
// tokens, only the colour scales used (slate grays, blue accent, red errors), components, utilities.
import '@radix-ui/themes/tokens/base.css';
import '@radix-ui/themes/tokens/colors/slate.css';
import '@radix-ui/themes/tokens/colors/blue.css';
import '@radix-ui/themes/tokens/colors/red.css';
import '@radix-ui/themes/components.css';
import '@radix-ui/themes/utilities.css';
import './styles/app.css';

const app = createConsoleApp({ config: readAppConfig(), history: createBrowserHistory() });
app.start();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <ConsoleRoot app={app} />
  </StrictMode>,
);
