import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import './lib/i18n';
import { applySettings } from './lib/settings';
// The layers in cascade order; a feature's own styles arrive with its lazy screen.
import './styles/tokens.css';
import './styles/base.css';
import './styles/layout.css';
import './styles/components.css';

// Font size, family and mode apply before the first paint, so a reload does not flash.
applySettings();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
