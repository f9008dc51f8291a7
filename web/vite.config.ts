import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

// Node 20 has no Map.groupBy, which vitest 5 uses when it prints failures.
if (!('groupBy' in Map)) {
  Object.defineProperty(Map, 'groupBy', {
    value: <K, V>(items: Iterable<V>, key: (item: V, index: number) => K) => {
      const map = new Map<K, V[]>();
      let index = 0;
      for (const item of items) {
        const k = key(item, index++);
        map.set(k, [...(map.get(k) ?? []), item]);
      }
      return map;
    },
  });
}

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
            { name: 'mantine', test: /node_modules[\\/](@mantine|@floating-ui)[\\/]/ },
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
  },
});
