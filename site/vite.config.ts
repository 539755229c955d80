// Builds the islands for the generator: one entry per island (src/islands/<name>.tsx) plus the
// runtime (src/runtime/main.ts) that mounts them. The early script that starts them is built by
// vite.early.config.ts. The generator reads .vite/manifest.json to link
// each page only to the islands it uses.
import { readdirSync } from 'node:fs';
import { resolve } from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
import { gzipSizes } from './build/gzip-sizes.ts';

const islands = readdirSync(resolve(import.meta.dirname, 'src/islands'))
  .filter((f) => /^[a-z-]+\.tsx?$/.test(f))
  .map((f) => `src/islands/${f}`);

export default defineConfig({
  plugins: [react(), gzipSizes()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    manifest: true,
    target: 'es2022',
    // Pages load modules with <script type=module> and modulepreload links the generator writes.
    modulePreload: { polyfill: false },
    rollupOptions: {
      input: ['src/runtime/main.ts', ...islands],
      // Keep each island's exports: the runtime calls its default export.
      preserveEntrySignatures: 'exports-only',
    },
  },
  test: {
    environment: 'jsdom',
    // Worker threads start faster than child processes (the default; docs/benchmarks.md).
    pool: 'threads',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['src/test/setup.ts'],
  },
});
