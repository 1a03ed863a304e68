import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { compression } from 'vite-plugin-compression2';

export default defineConfig({
  // Brotli and gzip copies of every text asset, made once at build time; the server sends the one
  // the browser accepts (@fastify/static preCompressed) instead of compressing on each request.
  plugins: [
    react(),
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
  build: { outDir: 'dist', sourcemap: false, manifest: true },
});
