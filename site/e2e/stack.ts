// The stack the browser suite runs against, started by Playwright (playwright.config.ts) the way
// `make dev` starts the site — `make serve`: `wrangler dev` on workerd with local R2 — plus a
// fake EmailJS on 127.0.0.1, both set by stack.env.
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';

/** stack.env: the worker's settings for this run. */
export const STACK_ENV: Record<string, string> = Object.fromEntries(
  readFileSync(resolve(import.meta.dirname, 'stack.env'), 'utf8')
    .split('\n')
    .filter((l) => /^[A-Z_]+=/.test(l))
    .map((l) => [l.slice(0, l.indexOf('=')), l.slice(l.indexOf('=') + 1)]),
);

/** The README's run command serves on 8787; E2E_PORT moves the suite elsewhere. */
export const PORT = Number(process.env.E2E_PORT ?? 8787);
export const BASE = `http://127.0.0.1:${PORT}`;
export const FAKE_EMAILJS = STACK_ENV.EMAILJS_API_URL;

/** The editor's files for this run: a copy of content/ made when the suite starts, which the
 * editor's file server (scripts/editor-files.sh) reads and writes instead of the repository's. */
export const EDITOR_ROOT = resolve(import.meta.dirname, '../../test-output/editor-root');

/** Values that must never reach dist/ or the browser. */
export const SECRETS = [
  'EMAILJS_PUBLIC_KEY',
  'EMAILJS_PRIVATE_KEY',
  'DOCUMENT_LINK_SECRET',
  'COUNTING_SECRET',
  'SAVED_SEARCH_SECRET',
  'TURNSTILE_SECRET_KEY',
  'GITHUB_CLIENT_SECRET',
].map((k) => {
  const v = STACK_ENV[k];
  if (!v) throw new Error(`stack.env must set ${k}`);
  return v;
});

/** One request as the fake EmailJS received it. */
export type Send = {
  service_id: string;
  template_id: string;
  user_id: string;
  accessToken: string;
  template_params: Record<string, string>;
  refusedWith?: number;
};

/** The fake EmailJS, read and steered over HTTP (edge/tests/fake-emailjs.mjs). */
export const emailjs = {
  async sends(): Promise<Send[]> {
    return (await fetch(`${FAKE_EMAILJS}/__sends`)).json() as Promise<Send[]>;
  },
  /** The sends that mention `marker` (a test's own), accepted and refused, oldest first. */
  async about(marker: string): Promise<Send[]> {
    return (await this.sends()).filter((s) => JSON.stringify(s).includes(marker));
  },
  /** Only those the fake accepted. */
  async acceptedAbout(marker: string): Promise<Send[]> {
    return (await this.about(marker)).filter((s) => !s.refusedWith);
  },
  /** Answer `status` to every send whose body contains `match` (a test's own marker). */
  async fail(status: number, match: string) {
    await fetch(`${FAKE_EMAILJS}/__fail`, { method: 'POST', body: JSON.stringify({ status, match }) });
  },
  async recover(match: string) {
    await fetch(`${FAKE_EMAILJS}/__recover`, { method: 'POST', body: JSON.stringify({ match }) });
  },
  /** The sends that mention `marker` (accepted and refused), once `count` of them have arrived. */
  async waitFor(marker: string, { count = 1, accepted = true, within = 15_000 } = {}): Promise<Send[]> {
    const deadline = Date.now() + within;
    for (;;) {
      const mine = accepted ? await this.acceptedAbout(marker) : await this.about(marker);
      if (mine.length >= count) return mine;
      if (Date.now() > deadline)
        throw new Error(`the fake EmailJS got ${mine.length} of ${count} e-mails mentioning ${marker}`);
      await new Promise((r) => setTimeout(r, 100));
    }
  },
};
