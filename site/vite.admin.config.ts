// The browser editor's scripts (/admin/, see generator/codegen/src/editor): src/admin/main.ts as one
// classic script, and Decap CMS's own prebuilt bundle with the chunks it loads on demand, copied
// as published. Apart from the islands: no public page loads any of it. Run after vite.config.ts,
// which empties dist/.
import { copyFileSync, readdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { defineConfig, type Plugin } from 'vite';

const outDir = resolve(import.meta.dirname, 'dist/admin');

/** decap-cms.js and its numbered chunks (not its source maps, nor the `cms.js` copies). */
function decapBundle(): Plugin {
  const dist = dirname(createRequire(import.meta.url).resolve('decap-cms/dist/decap-cms.js'));
  return {
    name: 'decap-bundle',
    writeBundle() {
      for (const file of readdirSync(dist).filter((f) => /^(\d+\.)?decap-cms\.js$/.test(f))) {
        copyFileSync(join(dist, file), join(outDir, file));
      }
    },
  };
}

export default defineConfig({
  plugins: [decapBundle()],
  build: {
    outDir,
    emptyOutDir: true,
    target: 'es2022',
    copyPublicDir: false,
    rollupOptions: {
      input: 'src/admin/main.ts',
      output: { format: 'iife', entryFileNames: 'admin.js' },
    },
  },
});
