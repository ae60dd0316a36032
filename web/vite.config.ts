import { readFileSync } from 'node:fs';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { securityHeadersPlugin } from './security-headers-plugin';
import { prerender } from './prerender-plugin';
import { notFoundStatus } from './not-found-status-plugin';
import { buildTimeModules } from './build-time-modules-plugin';
import { shareProxyPlugin } from './share-proxy-plugin';

/**
 * In development the runtime config.json comes from the local stack (FPS_CONFIG_JSON names the
 * file it wrote), so the same bundle reads its settings at run time in every environment.
 */
function runtimeConfig(): Plugin {
  return {
    name: 'fps-runtime-config',
    configureServer(server) {
      server.middlewares.use('/config.json', (_req, res, next) => {
        const file = process.env.FPS_CONFIG_JSON;
        if (!file) return next();
        res.setHeader('content-type', 'application/json');
        res.setHeader('cache-control', 'no-store');
        res.end(readFileSync(file));
      });
    },
  };
}

export default defineConfig({
  root: import.meta.dirname,
  plugins: [react(), buildTimeModules(), runtimeConfig(), shareProxyPlugin(), securityHeadersPlugin(), notFoundStatus(), prerender()],
  server: { host: '127.0.0.1', strictPort: true },
  // Scan every source file at start so lazily imported dependencies (Amplify) are pre-bundled up
  // front; otherwise the first visit to an account page makes Vite re-optimise and reload the page.
  optimizeDeps: { entries: ['index.html', 'src/**/*.{ts,tsx}', '!src/**/*.test.{ts,tsx}'] },
  build: { outDir: '../dist/web', emptyOutDir: true, sourcemap: true },
});
