// /homes/alerts/ (no React): an address's saved searches, asked of the worker with the key the
// page's link carries after `#` (a fragment never reaches a server, so the key is in no log).
// Each search can change how often it is sent, pause or resume, or go; "Delete everything"
// removes all the site keeps about the address. An address that stopped the site's e-mails can be
// allowed them again here, by the one holding its link.
import { ApiError, manageSearches } from '../lib/api';
import type { ManageAnswer, ManagedSearch, SearchAlertsProps } from '../lib/props';

/** The frequencies' values, in the order the form offers them (jax_model::saved_search). */
const FREQUENCIES = ['instant', 'daily', 'weekly'] as const;

export default function searchAlerts(host: HTMLElement, props: SearchAlertsProps) {
  const l = props.labels;
  const status = host.querySelector<HTMLElement>('[data-status]')!;
  const list = host.querySelector<HTMLElement>('[data-list]')!;
  const deleteAll = host.querySelector<HTMLButtonElement>('[data-delete-all]')!;
  const allow = host.querySelector<HTMLButtonElement>('[data-allow]')!;
  const token = decodeURIComponent(location.hash.slice(1));

  const say = (text: string) => (status.textContent = text);
  if (!token) {
    say(l.invalid);
    return;
  }

  /** Asks the worker for the searches after `change`; null when it refused (said in the status). */
  async function ask(change: Record<string, string> = {}): Promise<ManageAnswer | null> {
    try {
      return await manageSearches(props.manage, token, change);
    } catch (error) {
      const refused = linkRefused(error);
      if (refused) {
        list.replaceChildren();
        deleteAll.hidden = true;
        allow.hidden = true;
      }
      say(refused ?? l.failed);
      return null;
    }
  }

  /** What the status says when `error` refuses the link itself (its token): changed on its way,
   * sent before the address stopped, past its year. Undefined for any other failure (a search gone
   * meanwhile, no answer). */
  function linkRefused(error: unknown): string | undefined {
    if (!(error instanceof ApiError) || error.errors[0]?.field !== 'token') return undefined;
    return ({ 403: l.invalid, 404: l.unknown, 410: l.expired } as Record<number, string>)[error.status];
  }

  const button = (label: string, onClick: () => void) => {
    const b = Object.assign(document.createElement('button'), {
      type: 'button',
      className: 'btn btn--outline',
      textContent: label,
    });
    b.addEventListener('click', onClick);
    return b;
  };

  function item(s: ManagedSearch): HTMLLIElement {
    const li = document.createElement('li');
    const link = Object.assign(document.createElement('a'), { href: s.path, textContent: s.words });
    const label = Object.assign(document.createElement('label'), { textContent: `${l.frequency} ` });
    const select = document.createElement('select');
    for (const value of FREQUENCIES)
      select.append(new Option(props.frequencies[value], value, false, value === s.frequency));
    select.addEventListener('change', () => void run({ action: 'frequency', id: s.id, frequency: select.value }));
    label.append(select);
    li.append(link, label);
    if (s.paused)
      li.append(Object.assign(document.createElement('span'), { className: 'badge', textContent: l.paused }));
    li.append(
      button(s.paused ? l.resume : l.pause, () => void run({ action: s.paused ? 'resume' : 'pause', id: s.id })),
      button(l.delete, () => void run({ action: 'delete', id: s.id })),
    );
    return li;
  }

  function show({ searches, stopped }: ManageAnswer, emptyText = l.empty) {
    list.replaceChildren(...searches.map(item));
    deleteAll.hidden = searches.length === 0;
    allow.hidden = !stopped;
    say([searches.length === 0 ? emptyText : '', stopped ? l.stopped : ''].filter(Boolean).join(' '));
  }

  // Changes go one at a time, in the order made: one sent before the last one's answer would
  // read the search that one is rewriting, and the worker refuses it (409), losing the change.
  let pending = Promise.resolve();
  function run(change: Record<string, string>, emptyText?: string) {
    pending = pending.then(async () => {
      const answer = await ask(change);
      if (answer) show(answer, emptyText);
    });
    return pending;
  }

  deleteAll.addEventListener('click', () => void run({ action: 'delete-all' }, l.deleted_all));
  allow.addEventListener('click', () => void run({ action: 'allow' }));
  void run({});
}
