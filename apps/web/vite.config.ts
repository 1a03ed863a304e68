import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

export default defineConfig({
  plugins: [react()],
  server: {
    // In development the API server runs beside Vite.
    proxy: { '/api': 'http://127.0.0.1:3000', '/media': 'http://127.0.0.1:3000' },
  },
  // The manifest lets scripts/bench.mjs measure what each route loads.
  build: { outDir: 'dist', sourcemap: false, manifest: true },
});
