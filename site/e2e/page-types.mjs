// Every page type the site has, by a name and one path of it: the look checks (site/e2e) and the
// cross-engine suite (site/engines) visit the same list.
import { readdirSync } from 'node:fs';
import { resolve } from 'node:path';

const listing = readdirSync(resolve(import.meta.dirname, '../../content/listings'))
  .filter((f) => f.endsWith('.md'))
  .sort()[0]
  .replace(/\.md$/, '');

/** The first report (content/reports/*.mdx): its page's path. */
export const REPORT = `/reports/${readdirSync(resolve(import.meta.dirname, '../../content/reports'))
  .filter((f) => f.endsWith('.mdx'))
  .sort()[0]
  .replace(/\.mdx$/, '')}/`;

/** @type {[name: string, path: string][]} */
export const PAGE_TYPES = [
  ['home', '/'],
  ['neighborhood', '/neighborhoods/ortega/'],
  ['market', '/market/'],
  ['listing', `/listings/${listing}/`],
  ['concierge', '/client-concierge/'],
  ['not-found', '/no-such-page'],
  ['thank-you', '/thank-you/?form=contact'],
  ['form-error', '/form-error/?form=contact'],
  ['concierge-thank-you', '/client-concierge/thank-you/?form=concierge'],
  ['concierge-form-error', '/client-concierge/form-error/?form=concierge'],
  ['privacy-policy', '/privacy-policy/'],
  ['terms-of-service', '/terms-of-service/'],
  ['reports', '/reports/'],
  ['report', REPORT],
];
