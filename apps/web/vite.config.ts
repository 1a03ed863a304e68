import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { compression } from 'vite-plugin-compression2';

/** The landing routes whose lazy chunks the page starts fetching at once (decision 042). */
const LANDING_ROUTES: Record<string, string> = {
  '/auth/sign-in': 'src/features/auth/components/sign-in-page.tsx',
  '/modules': 'src/features/modules/components/modules-page.tsx',
};

/**
 * Without this, a first visit is a waterfall: the page, then the entry script, and only when the
 * entry runs the route's lazy chunk. A tiny inline script adds modulepreload links for the chunks
 * of the landing route being opened (and only that route), so they download beside the entry.
 */
function landingRoutePreload(): Plugin {
  return {
    name: 'qbank-landing-route-preload',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        const bundle = ctx.bundle;
        if (!bundle) return html;
        const chunks = Object.values(bundle).filter((c) => c.type === 'chunk');
        const byFile = new Map(chunks.map((c) => [c.fileName, c]));
        const entry = chunks.find((c) => c.isEntry);
        const inEntry = new Set<string>();
        const walk = (file: string, into: Set<string>) => {
          if (into.has(file)) return;
          into.add(file);
          for (const dep of byFile.get(file)?.imports ?? []) walk(dep, into);
        };
        if (entry) walk(entry.fileName, inEntry);
        const routes: Record<string, string[]> = {};
        for (const [route, source] of Object.entries(LANDING_ROUTES)) {
          const chunk = chunks.find((c) => c.facadeModuleId?.endsWith(source));
          if (!chunk) continue;
          const files = new Set<string>();
          walk(chunk.fileName, files);
          routes[route] = [...files].filter((f) => !inEntry.has(f)).map((f) => `/${f}`);
        }
        const script = `(function(){var r=${JSON.stringify(routes)}[location.pathname.replace(/\\/$/,'')];if(r)r.forEach(function(h){var l=document.createElement('link');l.rel='modulepreload';l.href=h;document.head.appendChild(l)})})()`;
        return html.replace('</head>', `<script>${script}</script></head>`);
      },
    },
  };
}

export default defineConfig(({ isSsrBuild }) => ({
  // Brotli and gzip copies of every text asset, made once at build time; the server sends the one
  // the browser accepts (@fastify/static preCompressed) instead of compressing on each request.
  plugins: [
    react(),
    landingRoutePreload(),
    // The SSR build (src/prerender.tsx) is only run at build time, never served.
    !isSsrBuild &&
      compression({
        algorithms: ['brotliCompress', 'gzip'],
        include: /\.(js|css|html|svg|json|txt)$/,
        threshold: 512,
      }),
  ],
  server: {
    // In development the API server runs beside Vite.
    proxy: { '/api': 'http://127.0.0.1:3000', '/media': 'http://127.0.0.1:3000' },
  },
  // The manifest lets scripts/bench.mjs measure what each route loads.
  build: {
    outDir: 'dist',
    sourcemap: false,
    manifest: true,
    rolldownOptions: {
      output: {
        // React, the router, TanStack Query and i18n in ONE chunk: every screen needs them, and
        // split up they made the sign-in page 23 requests, which a phone on a slow network pays
        // for in round trips (Lighthouse sign-in 0.93 → 0.96, decision 042). Forms, Markdown,
        // charts and KaTeX stay with the screens that use them.
        codeSplitting: {
          groups: [
            {
              name: 'framework',
              test: /node_modules[\\/](react|react-dom|scheduler|react-router|@tanstack|i18next|react-i18next)[\\/]/,
            },
          ],
        },
      },
    },
  },
}));
