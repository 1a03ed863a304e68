import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { prerender } from 'react-dom/static';
import { StaticRouter } from 'react-router';
import { AppRoutes } from './app/routes';
import './lib/i18n';
import { FONT_FAMILIES, FONT_SIZES, STORAGE_KEY } from './lib/settings';

/**
 * The auth screens as HTML, made at build time (scripts/prerender.mjs): a learner's phone paints
 * the form before any JavaScript arrives, and main.tsx hydrates it. The tree matches main.tsx's
 * (the router differs, which renders no element), so hydration adopts the markup as it is.
 */
/**
 * The auth screens a learner opens directly (the others follow a step whose state they read),
 * each with the screen module routes.tsx loads for it (to preload its chunks).
 */
export const PRERENDERED_ROUTES: Record<string, string> = {
  '/auth/sign-in': 'src/features/auth/components/sign-in-page.tsx',
  '/auth/sign-up': 'src/features/auth/components/sign-up-page.tsx',
  '/auth/reset-password': 'src/features/auth/components/reset-password-page.tsx',
};

export async function render(url: string): Promise<string> {
  const tree = (
    <StrictMode>
      <QueryClientProvider client={new QueryClient()}>
        <StaticRouter location={url}>
          <AppRoutes />
        </StaticRouter>
      </QueryClientProvider>
    </StrictMode>
  );
  // Waits for the lazy screen, so the markup is the screen and not its fallback.
  const { prelude } = await prerender(tree, {
    onError(error) {
      throw error;
    },
  });
  return new Response(prelude).text();
}

/**
 * The inline script of a prerendered page's head. applySettings (lib/settings.ts) first: a learner
 * in dark mode or with a larger font sees the form that way from its first paint. Then no native
 * submit: before hydration a form would send its fields (the password) in the URL; every form
 * of the app submits through react-hook-form, which prevents the default anyway.
 */
export function headScript(): string {
  return `${settingsScript()};document.addEventListener('submit',function(e){e.preventDefault()},true)`;
}

function settingsScript(): string {
  const json = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c');
  return (
    `(function(){try{var s=JSON.parse(localStorage.getItem(${json(STORAGE_KEY)})||'{}'),` +
    `r=document.documentElement,z=${json(FONT_SIZES)}[s.fontSize],f=${json(FONT_FAMILIES)}[s.fontFamily];` +
    `if(z)r.style.setProperty('--font-size',z);if(f)r.style.setProperty('--font-family',f);` +
    `if(s.displayMode==='dark'){r.dataset.theme='dark';r.style.colorScheme='dark'}}catch(e){}})()`
  );
}
