// Every page type the site has, by a name and one path of it: the look checks (site/e2e) and the
// cross-engine suite (site/engines) visit the same list.
import { readFileSync, readdirSync } from 'node:fs';
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

/** The first MLS listing on /homes/ in the built site (the sample `make build` imported): its page's path. */
export const FOR_SALE = (() => {
  const list = readFileSync(resolve(import.meta.dirname, '../../dist/homes/index.html'), 'utf8');
  const first = /<h2 class="home-card__title" id="home-[^"]+"><a href="(\/homes\/[^"]+\/)">/.exec(list);
  if (!first) throw new Error('dist/homes/ lists no MLS listing: run make build, which imports the sample');
  return first[1];
})();

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
  ['homes', '/homes/'],
  ['homes-in', '/homes/in/riverside/'],
  ['for-sale', FOR_SALE],
  ['open-houses', '/homes/open-houses/'],
  ['sell', '/sell/'],
  ['sold', '/sold/'],
];
