import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import zlib from 'node:zlib';
import react from '@vitejs/plugin-react';
import type { Plugin } from 'vite';
import { defineConfig } from 'vitest/config';

const here = (p: string) => fileURLToPath(new URL(p, import.meta.url));

/**
 * Writes a brotli (.br) and a gzip (.gz) twin beside each built script and style sheet, at the
 * strongest settings: the server sends the twin the browser accepts (server/src/web/compression.ts),
 * so no request pays for compressing an asset.
 */
function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    writeBundle() {
      const assets = path.join(outDir, 'assets');
      for (const name of fs.readdirSync(assets)) {
        if (!/\.(js|css|svg|json)$/.test(name)) continue;
        const file = path.join(assets, name);
        const raw = fs.readFileSync(file);
        const br = zlib.brotliCompressSync(raw, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: raw.length } });
        const gz = zlib.gzipSync(raw, { level: 9 });
        if (br.length < raw.length) fs.writeFileSync(`${file}.br`, br);
        if (gz.length < raw.length) fs.writeFileSync(`${file}.gz`, gz);
      }
    },
  };
}

export default defineConfig({
  base: '/',
  plugins: [react(), precompress()],
  resolve: {
    alias: [
      // The workflow package is imported straight from source, so the web never waits for a workflow
      // build. Pure data (the permission tree) has its own entry; the state machine is bundled only
      // into the loan node page's chunk.
      { find: /^@app\/workflow\/permissions$/, replacement: here('../workflow/src/permissions.ts') },
      // The answer codes (one catalogue with the server's), pure data like the permission tree.
      { find: /^@app\/workflow\/error-codes$/, replacement: here('../workflow/src/error-codes.ts') },
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
    // dist/.vite/manifest.json: scripts/web-size.mjs reads the initial chunks from it (budget: 250 KB gzip).
    manifest: true,
    rolldownOptions: {
      output: {
        // React in its own cacheable chunk. Mantine is not grouped: one Mantine chunk held every
        // component any page uses (146 KB gzip) and was loaded before the first paint.
        codeSplitting: {
          groups: [{ name: 'react', test: /node_modules[\\/](react|react-dom|react-router|react-router-dom|scheduler)[\\/]/ }],
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
