import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import './lib/i18n';
import { applySettings } from './lib/settings';
import './styles/global.css';

// Font size, family and mode apply before the first paint, so a reload does not flash.
applySettings();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
