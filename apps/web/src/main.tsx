import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from './app/app';
import './lib/i18n';
import { markAppListening } from './lib/held-submit';
import { paintedFromHtml } from './lib/painted-from-html';
import { applySettings } from './lib/settings';
// The layers in cascade order; a feature's own styles arrive with its lazy screen.
import './styles/tokens.css';
import './styles/base.css';
import './styles/layout.css';
import './styles/components.css';

// Font size, family and mode apply before the first paint, so a reload does not flash.
applySettings();

const root = document.getElementById('root')!;
const app = (
  <StrictMode>
    <App />
  </StrictMode>
);
// From here React sees a form's submit (and replays one on a part not hydrated yet).
markAppListening();
// A prerendered auth screen is already painted: React adopts its markup rather than redraw it.
if (paintedFromHtml) hydrateRoot(root, app);
else createRoot(root).render(app);
