import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import './lib/i18n';
import { App } from './app/App';
import { preloadPagesFor } from './app/router';
import { startSessionCheck } from './lib/auth-api';

const root = document.getElementById('root');
if (!root) {
  console.error('Missing #root element');
} else {
  startSessionCheck();
  preloadPagesFor(window.location.pathname);
  const reactRoot = createRoot(root);
  reactRoot.render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
}
