// The bot check (Cloudflare Turnstile), loaded only when a form is about to be used (its dialog
// opens, the concierge form is focused): then the worker says whether the check is on (its site
// key, GET api.bot_check), Turnstile's script loads and its widget renders into the form — seen
// only if it needs the visitor. A post carries the newest token; after each post the widget
// makes a new one (a token is good once).
import { API_PREFIX, botCheckSiteKey, type FieldError } from './api';
import type { Endpoints, ToastText } from './props';

type Widget = {
  render(
    el: HTMLElement,
    options: {
      sitekey: string;
      callback: (token: string) => void;
      'expired-callback': () => void;
      'error-callback': () => void;
      action: string;
      appearance: 'interaction-only';
      size: 'flexible';
    },
  ): string | undefined;
  reset(id: string): void;
  remove(id: string): void;
};

declare global {
  interface Window {
    turnstile?: Widget;
  }
}

/** How long a post waits for a token still being made before it goes without one. */
const TOKEN_WAIT_MS = 15_000;

let siteKey: Promise<string | null> | undefined;
let script: Promise<Widget> | undefined;

/** The site key, once per page (null: the check is off, or the worker could not say). */
function loadSiteKey(api: Pick<Endpoints, 'bot_check'>): Promise<string | null> {
  siteKey ??= botCheckSiteKey(api).catch(() => {
    siteKey = undefined; // asked again next time
    return null;
  });
  return siteKey;
}

function loadScript(src: string): Promise<Widget> {
  script ??= new Promise<Widget>((resolve, reject) => {
    const el = document.createElement('script');
    el.src = src;
    el.async = true;
    el.onload = () => (window.turnstile ? resolve(window.turnstile) : reject(new Error('Turnstile did not start')));
    el.onerror = () => {
      script = undefined;
      el.remove();
      reject(new Error('Turnstile did not load'));
    };
    document.head.append(el);
  });
  return script;
}

export type BotCheck = {
  /** The token to send (undefined: the check is off, or failed — the worker then says why). */
  token(): Promise<string | undefined>;
  /** The token was sent: make a new one. */
  renew(): void;
  stop(): void;
};

/** The widget's action for a form posting to `path`: the API path's first segment, as the worker
 * expects it back from siteverify (jax_model::api::bot_check_action, tested on the same cases). */
export function botCheckAction(path: string): string | undefined {
  const rest = path.startsWith(API_PREFIX) ? path.slice(API_PREFIX.length) : undefined;
  return rest?.split(/[/?#]/)[0] || undefined;
}

/** Start the check in `container` (an empty element inside the form posting to `endpoint`). */
export function startBotCheck(
  container: HTMLElement,
  api: Pick<Endpoints, 'bot_check' | 'bot_check_script'>,
  endpoint: string,
): BotCheck {
  let current: string | undefined;
  let waiting: ((token: string | undefined) => void)[] = [];
  let widget: Widget | undefined;
  let id: string | undefined;
  let stopped = false;
  let settled = false; // the check is off, or failed: no token is coming (until the widget's retry)
  const give = (token: string | undefined) => {
    current = token;
    settled = !token;
    waiting.forEach((w) => w(token));
    waiting = [];
  };
  const ready = loadSiteKey(api)
    .then(async (key) => {
      if (!key || stopped) return;
      widget = await loadScript(api.bot_check_script);
      if (stopped) return;
      id = widget.render(container, {
        sitekey: key,
        callback: give,
        'expired-callback': () => (current = undefined),
        'error-callback': () => give(undefined),
        action: botCheckAction(endpoint) ?? '',
        appearance: 'interaction-only',
        size: 'flexible',
      });
    })
    .catch(() => undefined)
    .finally(() => {
      if (!widget || id === undefined) give(undefined);
    });
  return {
    async token() {
      if (current) return current;
      await ready;
      if (current || settled) return current;
      return new Promise<string | undefined>((resolve) => {
        waiting.push(resolve);
        setTimeout(() => resolve(current), TOKEN_WAIT_MS);
      });
    },
    renew() {
      current = undefined;
      if (widget && id !== undefined) widget.reset(id);
    },
    stop() {
      stopped = true;
      if (widget && id !== undefined) widget.remove(id);
    },
  };
}

/** A failure's toast: the bot check's refusal, if `errors` hold one (its `field`), says what to do
 * (wait, or reload) in place of the general text. */
export function refusalToast(text: ToastText, errors: FieldError[], field: string): ToastText {
  const refusal = errors.find((e) => e.field === field);
  return refusal ? { ...text, description: refusal.message } : text;
}

/** For tests: forget the site key and the script, as a new page would. */
export function resetBotCheck() {
  siteKey = undefined;
  script = undefined;
}
