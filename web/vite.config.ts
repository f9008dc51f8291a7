import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

const here = (p: string) => fileURLToPath(new URL(p, import.meta.url));

export default defineConfig({
  base: '/',
  plugins: [react()],
  resolve: {
    alias: [
      // The workflow package is imported straight from source, so the web never waits for a workflow
      // build. Pure data (the permission tree) has its own entry; the state machine is bundled only
      // into the loan node page's chunk.
      { find: /^@app\/workflow\/permissions$/, replacement: here('../workflow/src/permissions.ts') },
      // The state windows need the machine: lists load them on demand (see LoanListView).
      { find: /^@app\/workflow\/state-windows$/, replacement: here('../workflow/src/domain/state-windows.ts') },
      { find: /^@app\/workflow$/, replacement: here('../workflow/src/index.ts') },
      { find: /^@\//, replacement: here('./src/') },
    ],
  },
  server: {
    port: 5173,
    proxy: { '/server': { target: 'http://127.0.0.1:3000', changeOrigin: true } },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    chunkSizeWarningLimit: 700,
    rolldownOptions: {
      output: {
        // Keep the big, rarely-changing libraries in their own cacheable chunks.
        codeSplitting: {
          groups: [
            { name: 'react', test: /node_modules[\\/](react|react-dom|react-router|react-router-dom|scheduler)[\\/]/ },
          ],
        },
      },
    },
  },
  test: {
    environment: 'jsdom',
    globals: false,
    setupFiles: ['./src/test/setup.ts'],
    include: ['src/**/*.test.{ts,tsx}'],
    css: false,
    // Seconds, not milliseconds, on a loaded 2-core machine (see asyncUtilTimeout in src/test/setup.ts).
    testTimeout: 30000,
  },
});
