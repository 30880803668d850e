import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

/** The back office: a single-page app served under /admin/ by the API's server (src/server). */
export default defineConfig({
  base: '/admin/',
  plugins: [react()],
  build: { outDir: 'dist', emptyOutDir: true, sourcemap: false, chunkSizeWarningLimit: 2_000 },
  server: { proxy: { '/api': process.env.BUYLOOP_API ?? 'http://127.0.0.1:3000' } },
});
