// The islands' early script (src/runtime/early.ts), built apart from the islands as one
// self-contained classic script: the generator writes dist/early/early.js into the <head> of each
// page with islands (see src/runtime/early.ts). Run after vite.config.ts, which empties dist/.
import { defineConfig } from 'vite';

export default defineConfig({
  build: {
    outDir: 'dist/early',
    emptyOutDir: true,
    target: 'es2022',
    copyPublicDir: false,
    rollupOptions: {
      input: 'src/runtime/early.ts',
      output: { format: 'iife', entryFileNames: 'early.js' },
      // What it imports from other modules (the mount protocol, lib/protocol.ts) is written in
      // place, as if spelled here: no variable for each name in a script every page carries.
      optimization: { inlineConst: { mode: 'all', pass: 2 } },
    },
  },
});
