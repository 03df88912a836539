import { createBrowserHistory } from '@tanstack/react-router';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { ConsoleRoot, createConsoleApp } from './app';
import { readAppConfig } from './services/app-config';
import './styles/theme.css';

const app = createConsoleApp({ config: readAppConfig(), history: createBrowserHistory() });
app.start();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <ConsoleRoot app={app} />
  </StrictMode>,
);
