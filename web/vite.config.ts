import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

/** The storefront: a client build (dist/client) and the server renderer (dist/server), see package.json. */
export default defineConfig({
  base: '/',
  plugins: [react()],
  build: { sourcemap: false, assetsDir: 'assets' },
});
