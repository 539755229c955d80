// Client Concierge: the prerendered multipart form (which posts as is without JavaScript) gets
// instant checks of each chosen file, the seed's messages, per-document upload progress, and a
// failure path that keeps every file so a retry needs no re-choosing. The island keeps the
// prerendered form (no shift on hydration) and only adds texts into empty slots beside its
// controls. The API it speaks is written down in lib/api.ts.
import { useEffect, useEffectEvent, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { ApiError, beginSubmission, type Begun } from '../lib/api';
import { refusalToast, startBotCheck, type BotCheck } from '../lib/bot-check';
import { defineIsland, type IslandProps } from '../lib/island';
import type { ConciergeProps } from '../lib/props';
import { toast } from '../lib/toast';
import { check } from './concierge/sniff';
import { submitDocuments, type Uploaded } from './concierge/submit';
import { payload, validate } from './dialogs/validate';

/** An empty element after `anchor` for the island's additions (display: contents, so it adds no
 * box, and no gap, until it has something to show). */
function slot(anchor: Element, name: string): HTMLElement {
  const found = anchor.parentElement?.querySelector<HTMLElement>(`:scope > [data-slot="${name}"]`);
  if (found) return found;
  const el = document.createElement('div');
  el.dataset.slot = name;
  el.style.display = 'contents';
  anchor.after(el);
  return el;
}

type Errors = Record<string, string>;

/** `record` without `key`. */
function without<T>(record: Record<string, T>, key: string): Record<string, T> {
  const rest = { ...record };
  delete rest[key];
  return rest;
}

/** The prerendered controls the island enhances. They belong to the page, not to React: effects
 * look them up again rather than change what a render saw. */
function controlsOf(host: HTMLElement, props: ConciergeProps) {
  const form = host.querySelector<HTMLFormElement>('form')!;
  return {
    form,
    ack: form.querySelector<HTMLInputElement>(`input[name="${props.acknowledgment.field}"]`)!,
    submitButton: form.querySelector<HTMLButtonElement>('[type="submit"]')!,
    inputOf: (field: string) => form.querySelector<HTMLInputElement>(`input[type="file"][name="${field}"]`)!,
    /** One of the client's details (name, e-mail, phone). */
    detailOf: (name: string) => form.querySelector<HTMLInputElement>(`.concierge__client [name="${name}"]`)!,
  };
}

/** Mark a control invalid or not, pointing it at its error text (and kept file) besides its own
 * description. */
function describe(control: HTMLElement, error: string | undefined, kept = false) {
  const own = (control.dataset.describedby ??= control.getAttribute('aria-describedby') ?? '');
  const ids = [own, error ? `${control.id}-error` : '', kept ? `${control.id}-kept` : ''].filter(Boolean).join(' ');
  if (ids) control.setAttribute('aria-describedby', ids);
  else control.removeAttribute('aria-describedby');
  if (error) control.setAttribute('aria-invalid', 'true');
  else control.removeAttribute('aria-invalid');
}

export function ConciergeForm({ host, props }: IslandProps<ConciergeProps>) {
  const { form, ack, inputOf, detailOf } = controlsOf(host, props);
  // The accepted file of each document: `chosen` for the code, `files` for rendering.
  const chosen = useRef<Record<string, File>>({});
  const [files, setFiles] = useState<Record<string, File>>({});
  const [errors, setErrors] = useState<Errors>({});
  const [progress, setProgress] = useState<Record<string, number> | null>(null);
  const [done, setDone] = useState(false);
  // After a failure the inputs may no longer show their files (a re-rendered or restored page):
  // the kept names say they are still there.
  const [failed, setFailed] = useState(false);
  // One submission for the whole visit, minted by the worker at the first send, so every retry
  // files the same one.
  const begun = useRef<Begun | undefined>(undefined);
  const uploaded = useRef<Uploaded>({});
  // The file last looked at per document, and its check (reading its first bytes) until done.
  const seen = useRef(new Map<string, File>());
  const checks = useRef(new Map<string, Promise<void>>());
  // Guards against a second submit before the disabled button has rendered.
  const busy = useRef(false);
  const thanks = useRef<HTMLHeadingElement>(null);
  // The bot check, started when the form is first focused (or sent).
  const botCheck = useRef<BotCheck | undefined>(undefined);
  const startCheck = () => {
    if (botCheck.current) return botCheck.current;
    const { submitButton } = controlsOf(host, props);
    const el =
      submitButton.parentElement?.querySelector<HTMLElement>(':scope > .bot-check') ?? document.createElement('div');
    el.className = 'bot-check';
    submitButton.before(el);
    return (botCheck.current = startBotCheck(el, props.api, props.api.concierge));
  };
  const sending = progress !== null;
  const dismiss = props.dismiss;

  const keep = (field: string, file: File | undefined) => {
    const rest = without(chosen.current, field);
    chosen.current = file ? { ...rest, [field]: file } : rest;
    setFiles(chosen.current);
  };

  /** Check the file an input holds, once per file: on a change, and for what the page already
   * held when the island woke (chosen while it loaded, or restored by the browser on Back). */
  const look = (input: HTMLInputElement) => {
    const doc = props.documents.find((d) => d.field === input.name);
    if (!doc) return;
    const file = input.files?.[0];
    if (seen.current.get(doc.field) === file) return;
    delete uploaded.current[doc.field];
    if (!file) {
      seen.current.delete(doc.field);
      keep(doc.field, undefined);
      return;
    }
    seen.current.set(doc.field, file);
    const checked = check(file, doc.accept, props.max_file_bytes).then((rejection) => {
      if (seen.current.get(doc.field) !== file) return; // another file was chosen meanwhile
      if (rejection) {
        input.value = '';
        seen.current.delete(doc.field);
        keep(doc.field, undefined);
        toast({ ...props.toasts[rejection], variant: 'destructive', dismiss });
        return;
      }
      keep(doc.field, file);
      setErrors((errs) => without(errs, doc.field));
    }, console.error);
    checks.current.set(doc.field, checked);
  };

  async function submit() {
    if (busy.current) return;
    busy.current = true;
    try {
      // A file chosen just before (e.g. while the island loaded) may still be being checked.
      await Promise.all(checks.current.values());
      await send();
    } finally {
      busy.current = false;
    }
  }

  async function send() {
    const files = chosen.current;
    const details = Object.fromEntries(props.fields.map((f) => [f.name, detailOf(f.name).value]));
    // The worker's checks of who the client is, mirrored: the same messages, before any upload.
    const problems: Errors = Object.fromEntries(
      validate(props.fields, details, props.limits, props.messages).map((e) => [e.field, e.message]),
    );
    for (const d of props.documents) if (!files[d.field]) problems[d.field] = d.required_message;
    if (!ack.checked) problems[props.acknowledgment.field] = props.acknowledgment.required_message;
    setErrors(problems);
    const first = Object.keys(problems)[0];
    if (first) {
      const detail = props.fields.some((f) => f.name === first);
      (first === props.acknowledgment.field ? ack : detail ? detailOf(first) : inputOf(first)).focus();
      return;
    }
    const picked = props.documents.map((d) => [d.field, files[d.field]] as [string, File]);
    setProgress(Object.fromEntries(picked.map(([f]) => [f, uploaded.current[f] ? 1 : 0])));
    try {
      const honeypot = form.querySelector<HTMLInputElement>(`input[name="${props.honeypot}"]`)?.value ?? '';
      begun.current ??= await beginSubmission(props.api);
      await submitDocuments({
        api: props.api,
        begun: begun.current,
        files: picked,
        uploaded: uploaded.current,
        acknowledgment: props.acknowledgment.field,
        client: payload(props.fields, details),
        honeypot: [props.honeypot, honeypot],
        botCheck: startCheck(),
        onProgress: (field, fraction) => setProgress((p) => (p ? { ...p, [field]: fraction } : p)),
      });
      toast({ ...props.toasts.success, dismiss });
      setDone(true);
    } catch (error) {
      if (!(error instanceof ApiError)) console.error(error);
      const fieldErrors = error instanceof ApiError ? error.errors : [];
      if (fieldErrors.length) {
        setErrors(Object.fromEntries(fieldErrors.map((x) => [x.field, x.message])));
        // A document the server refused would be refused again: it has to be chosen anew.
        for (const { field } of fieldErrors) {
          if (!props.documents.some((d) => d.field === field)) continue;
          inputOf(field).value = '';
          seen.current.delete(field);
          delete uploaded.current[field];
          keep(field, undefined);
        }
      }
      setFailed(true);
      toast({
        ...refusalToast(props.toasts.failure, fieldErrors, props.api.bot_check_field),
        variant: 'destructive',
        dismiss,
      });
    } finally {
      // Its token is spent or refused: the next try gets a new one.
      botCheck.current?.renew();
      setProgress(null);
    }
  }

  // Checks on choosing a file, and the submit. The listeners run what the latest render defines.
  const onChange = useEffectEvent((e: Event) => {
    const input = e.target as HTMLInputElement;
    if (input === ack) {
      if (ack.checked) setErrors((errs) => without(errs, props.acknowledgment.field));
    } else if (input.type === 'file') look(input);
    else setErrors((errs) => without(errs, input.name));
  });
  const onSubmit = useEffectEvent(() => void submit());
  const onFocus = useEffectEvent(() => void startCheck());
  const lookAll = useEffectEvent(() => {
    for (const d of props.documents) look(inputOf(d.field));
  });
  useEffect(() => {
    const { form } = controlsOf(host, props);
    form.noValidate = true;
    const changed = (e: Event) => onChange(e);
    const submitted = (e: SubmitEvent) => {
      e.preventDefault();
      onSubmit();
    };
    const focused = () => void onFocus();
    lookAll();
    form.addEventListener('change', changed);
    form.addEventListener('submit', submitted);
    form.addEventListener('focusin', focused, { once: true });
    return () => {
      form.removeEventListener('change', changed);
      form.removeEventListener('submit', submitted);
      form.removeEventListener('focusin', focused);
    };
  }, [host, props]);

  // Reflect the state on the prerendered controls.
  useEffect(() => {
    const { form, ack, submitButton, inputOf, detailOf } = controlsOf(host, props);
    submitButton.disabled = sending;
    for (const f of props.fields) {
      const input = detailOf(f.name);
      input.readOnly = sending;
      describe(input, errors[f.name]);
    }
    submitButton.textContent = sending ? props.submitting : props.submit;
    form.setAttribute('aria-busy', String(sending));
    for (const d of props.documents) {
      const input = inputOf(d.field);
      // A file changed mid-upload would be filed under the old one's id.
      input.disabled = sending;
      describe(input, errors[d.field], failed && !!files[d.field]);
    }
    ack.disabled = sending;
    describe(ack, errors[props.acknowledgment.field]);
  }, [host, props, sending, errors, failed, files]);

  useEffect(() => () => botCheck.current?.stop(), []);

  // The thank-you card replaces the form.
  useEffect(() => {
    if (!done) return;
    for (const el of host.querySelectorAll<HTMLElement>(':scope > :not([data-island-root]):not(script)'))
      el.hidden = true;
    thanks.current?.focus();
  }, [done, host]);

  if (done) {
    return (
      <div className="thank-you" role="status">
        <h2 className="thank-you__title" tabIndex={-1} ref={thanks}>
          {props.thank_you.title}
        </h2>
        <p className="thank-you__text">{props.thank_you.description}</p>
      </div>
    );
  }

  return (
    <>
      {props.fields.map((f) => {
        const input = detailOf(f.name);
        return createPortal(
          errors[f.name] && (
            <p className="field__error" id={`${input.id}-error`}>
              {errors[f.name]}
            </p>
          ),
          slot(input, 'status'),
          f.name,
        );
      })}
      {props.documents.map((d) => {
        const input = inputOf(d.field);
        const kept = failed ? files[d.field] : undefined;
        return createPortal(
          <>
            {errors[d.field] && (
              <p className="field__error" id={`${input.id}-error`}>
                {errors[d.field]}
              </p>
            )}
            {kept && (
              <p className="document__kept" id={`${input.id}-kept`}>
                {kept.name}
              </p>
            )}
            {progress && (
              <div
                className="upload-progress"
                role="progressbar"
                aria-label={d.label}
                aria-valuemin={0}
                aria-valuemax={100}
                aria-valuenow={Math.round((progress[d.field] ?? 0) * 100)}
              >
                <div className="upload-progress__bar" style={{ width: `${(progress[d.field] ?? 0) * 100}%` }} />
              </div>
            )}
          </>,
          slot(input, 'status'),
          d.field,
        );
      })}
      {createPortal(
        errors[props.acknowledgment.field] && (
          <p className="field__error" id={`${ack.id}-error`}>
            {errors[props.acknowledgment.field]}
          </p>
        ),
        slot(ack.parentElement!, 'ack'),
      )}
    </>
  );
}

export default defineIsland(ConciergeForm);
