import fs from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { pwaOptions } from './src/features/pwa/pwa-options.ts';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/**
 * Brotli and gzip copies (`x.js.br`, `x.js.gz`) of the built scripts and styles, which the server
 * sends as they are to browsers that accept them: a phone on a slow network loads a third of the
 * bytes, and nothing is compressed per request (bench/web.bench.ts measures the difference).
 */
function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      // Also called after a failed build: without output there is nothing to compress, and an
      // error here would hide the build's own.
      if (!(await fs.stat(outDir).catch(() => undefined))) return;
      const files = (await fs.readdir(outDir, { recursive: true })).filter((f) => /\.(js|css|svg)$/.test(f));
      await Promise.all(
        files.map(async (f) => {
          const file = path.join(outDir, f);
          const data = await fs.readFile(file);
          if (data.length < 1024) return;
          const quality = { [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY };
          await fs.writeFile(`${file}.br`, await brotli(data, { params: quality }));
          await fs.writeFile(`${file}.gz`, await gzip(data, { level: 9 }));
        }),
      );
    },
  };
}

/**
 * The server serves dist/ (apps/server DEFAULT_WEB_DIST); `npm run dev -w apps/web` proxies the API
 * to a server started with `npm run dev` on port 8080.
 */
export default defineConfig({
  plugins: [react(), VitePWA(pwaOptions), precompress()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    sourcemap: false,
    chunkSizeWarningLimit: 600,
  },
  server: {
    proxy: { '/apis': 'http://localhost:8080' },
  },
});
