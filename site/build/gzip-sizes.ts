// Prints each entry's gzip size at build: its own module and everything it statically imports
// (what the browser fetches to run it). Dynamic imports are listed apart: they load later.
import { gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';

type Chunk = {
  fileName: string;
  code: string;
  imports: string[];
  dynamicImports: string[];
  isEntry: boolean;
  facadeModuleId: string | null;
};

export function gzipSizes(): Plugin {
  return {
    name: 'gzip-sizes',
    apply: 'build',
    generateBundle(_options, bundle) {
      const chunks = new Map<string, Chunk>();
      for (const item of Object.values(bundle)) {
        if (item.type === 'chunk') chunks.set(item.fileName, item);
      }
      const gz = new Map<string, number>();
      const size = (file: string) => {
        if (!gz.has(file)) gz.set(file, gzipSync(chunks.get(file)?.code ?? '', { level: 9 }).length);
        return gz.get(file)!;
      };
      const closure = (file: string, seen = new Set<string>()) => {
        if (seen.has(file)) return seen;
        seen.add(file);
        for (const dep of chunks.get(file)?.imports ?? []) closure(dep, seen);
        return seen;
      };
      const rows = [...chunks.values()]
        .filter((c) => c.isEntry)
        .map((c) => {
          const name = (c.facadeModuleId ?? c.fileName).replace(/^.*\/src\//, 'src/');
          const files = closure(c.fileName);
          const total = [...files].reduce((n, f) => n + size(f), 0);
          return { name, own: size(c.fileName), total };
        })
        .sort((a, b) => a.name.localeCompare(b.name));
      const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`.padStart(9);
      const lines = rows.map((r) => `  ${r.name.padEnd(36)} ${kb(r.own)} own ${kb(r.total)} with imports`);
      console.log(`\nisland sizes (gzip):\n${lines.join('\n')}\n`);
    },
  };
}
