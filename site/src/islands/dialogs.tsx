// Every dialog of the page: the lead form (consultation, buyer's guide, home valuation), the
// listing request, the contact form and the quiz. Any `[data-open]` element opens one (the early
// script announces them as buttons that open a dialog, and hands over the clicks made while this
// loaded); Space activates them too, as it does a button.
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { startBotCheck, type BotCheck } from '../lib/bot-check';
import { defineIsland, type IslandProps } from '../lib/island';
import type { DialogsProps, LeadType } from '../lib/props';
import { adoptStyles } from '../lib/style';
import { Dialog } from './dialogs/Dialog';
import { FormDialogBody, type FormSpec } from './dialogs/FormDialog';
import { QuizBody } from './dialogs/Quiz';
import css from './dialogs/dialogs.css?inline';

adoptStyles(css);

type Open =
  | { kind: 'lead'; type: LeadType }
  | { kind: 'listing-request'; about: About }
  | { kind: 'contact'; about: About }
  | { kind: 'quiz' };

/** What a trigger says of the home it is about (written by the generator; see DialogsProps). */
type About = { listing?: string; name?: string; message?: string };

function aboutOf(el: Element): About {
  const get = (name: string) => el.getAttribute(name) || undefined;
  return { listing: get('data-listing'), name: get('data-listing-name'), message: get('data-message') };
}

const LEAD_TYPES: LeadType[] = ['consultation', 'buyer-guide', 'cma-request'];

/** Which dialog an element opens, if the page has it. */
export function dialogFor(el: Element, props: DialogsProps): Open | undefined {
  const kind = el.getAttribute('data-open');
  switch (kind) {
    case 'lead': {
      const type = el.getAttribute('data-type') as LeadType;
      return { kind, type: LEAD_TYPES.includes(type) ? type : 'consultation' };
    }
    case 'listing-request':
      return props.listing_request ? { kind, about: aboutOf(el) } : undefined;
    case 'quiz':
      return props.quiz ? { kind } : undefined;
    case 'contact':
      return { kind, about: aboutOf(el) };
    default:
      return undefined;
  }
}

function formSpec(open: Open, props: DialogsProps): FormSpec | undefined {
  switch (open.kind) {
    case 'lead': {
      const t = props.lead.types[open.type];
      return {
        ...t,
        fields: props.lead.fields,
        toasts: props.lead.toasts,
        form: 'lead',
        extra: { type: open.type },
        alsoRequired: t.require,
        // A sent valuation leads on to the sellers' page.
        successLink: open.type === 'cma-request' ? (props.valuation_next ?? undefined) : undefined,
      };
    }
    case 'listing-request':
      return (
        props.listing_request && { ...props.listing_request, form: 'listing_request', ...about(open.about, props) }
      );
    case 'contact':
      return { ...props.contact, form: 'contact', ...about(open.about, props) };
    default:
      return undefined;
  }
}

/** A form about a listing: it names it, posts its path, and starts with its texts. */
function about(a: About, props: DialogsProps): Pick<FormSpec, 'about' | 'message' | 'extra'> {
  return { about: a.name, message: a.message, extra: a.listing ? { [props.api.listing_field]: a.listing } : undefined };
}

export function Dialogs({ props }: IslandProps<DialogsProps>) {
  const titleId = useId();
  // `n` counts the openings: each is a dialog of its own. A browser says a dialog closed in a
  // later task, so a trigger used again at once (Escape, Space) must not land on the closing one.
  const [state, setState] = useState<{ open: Open; from: Element | null; n: number } | null>(null);
  const openings = useRef(0);
  // The bot check of the open dialog: started when it opens (its widget in a slot that outlives
  // the quiz's steps), stopped when it closes.
  const checkSlot = useRef<HTMLDivElement>(null);
  const current = useRef<BotCheck | undefined>(undefined);
  const botCheck = useMemo<BotCheck>(
    () => ({
      token: () => current.current?.token() ?? Promise.resolve(undefined),
      renew: () => current.current?.renew(),
      stop: () => current.current?.stop(),
    }),
    [],
  );
  const dialogKey = state && `${state.open.kind === 'lead' ? `lead-${state.open.type}` : state.open.kind}-${state.n}`;
  // Where the open dialog posts: its bot check's tokens are for that form only.
  const form = state && (state.open.kind === 'quiz' ? 'quiz' : formSpec(state.open, props)?.form);
  const endpoint = form && props.api[form];
  useEffect(() => {
    if (!dialogKey || !endpoint || !checkSlot.current) return;
    const check = startBotCheck(checkSlot.current, props.api, endpoint);
    current.current = check;
    return () => {
      check.stop();
      current.current = undefined;
    };
  }, [dialogKey, endpoint, props.api]);

  useEffect(() => {
    const onClick = (e: MouseEvent) => {
      if (e.defaultPrevented || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey) return;
      const el = (e.target as Element).closest('[data-open]');
      const open = el && dialogFor(el, props);
      if (!open) return;
      e.preventDefault();
      setState({ open, from: el, n: ++openings.current });
    };
    const onKey = (e: KeyboardEvent) => {
      const el = e.key === ' ' && !e.defaultPrevented && (e.target as Element).closest?.('[data-open]');
      if (!el || !dialogFor(el, props)) return;
      e.preventDefault();
      (el as HTMLElement).click();
    };
    document.addEventListener('click', onClick);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('click', onClick);
      document.removeEventListener('keydown', onKey);
    };
  }, [props]);

  if (!state || !dialogKey) return null;
  const n = state.n;
  // Only this opening's dialog closes it (a later one may already be showing).
  const close = () => setState((s) => (s?.n === n ? null : s));
  const spec = formSpec(state.open, props);
  return (
    <Dialog
      key={dialogKey}
      titleId={titleId}
      closeLabel={props.close}
      onClose={close}
      returnFocus={state.from}
      className={`dialog--${state.open.kind}`}
    >
      {spec ? (
        <FormDialogBody spec={spec} shared={props} botCheck={botCheck} titleId={titleId} onDone={close} />
      ) : (
        props.quiz && (
          <QuizBody
            quiz={props.quiz}
            result={props.quiz_result ?? undefined}
            api={props.api}
            botCheck={botCheck}
            honeypot={props.honeypot}
            titleId={titleId}
            onClose={close}
          />
        )
      )}
      <div className="bot-check" ref={checkSlot} />
    </Dialog>
  );
}

export default defineIsland(Dialogs);
