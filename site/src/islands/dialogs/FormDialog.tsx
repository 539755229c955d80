// One form in a dialog: fields from content, the browser's mirror of the server rules, and the
// seed's submit cycle ('Sending...' disabled → toast; success resets and closes, failure keeps
// the dialog open with its data).
import { useId, useRef, useState, type FormEvent } from 'react';
import { ApiError, newKey, sendForm, type FieldError, type FormName } from '../../lib/api';
import { refusalToast, type BotCheck } from '../../lib/bot-check';
import type { DialogsProps, Field, ToastText } from '../../lib/props';
import { toast } from '../../lib/toast';
import { payload, validate, type Values } from './validate';

export type FormSpec = {
  title: string;
  text: string;
  submit: string;
  fields: Field[];
  toasts: { success: ToastText; error: ToastText };
  /** Where it posts: its path's name in `Endpoints`. */
  form: Exclude<FormName, 'quiz'>;
  /** Sent along with the fields, e.g. the lead type. */
  extra?: Record<string, string>;
  /** Fields required here though optional in general. */
  alsoRequired?: string[];
  /** The listing the form is about: shown under its title, and its address field starts with it. */
  about?: string;
  /** What the form's first text area starts with (the home a showing is asked for). */
  message?: string;
  /** A link its success message offers. */
  successLink?: { href: string; label: string };
};

/** The values a form opens with: its address field holds `spec.about`, its first text area `spec.message`. */
function initialValues(spec: FormSpec): Values {
  const values: Values = {};
  // The address field, known by its autofill token (an input's is address-line1).
  const address = spec.fields.find((f) => f.autocomplete === 'address-line1' || f.autocomplete === 'street-address');
  if (address && spec.about) values[address.name] = spec.about;
  const area = spec.fields.find((f) => f.type === 'textarea');
  if (area && spec.message) values[area.name] = spec.message;
  return values;
}

export function FormDialogBody({
  spec,
  shared,
  botCheck,
  titleId,
  onDone,
}: {
  spec: FormSpec;
  shared: Pick<DialogsProps, 'api' | 'limits' | 'messages' | 'sending' | 'honeypot' | 'dismiss'>;
  botCheck: BotCheck;
  titleId: string;
  onDone: () => void;
}) {
  const id = useId();
  const [values, setValues] = useState<Values>(() => initialValues(spec));
  const [errors, setErrors] = useState<FieldError[]>([]);
  const [sending, setSending] = useState(false);
  // One key per submission: a retry of this one repeats it, so the worker sends the e-mail once.
  const [key, setKey] = useState(newKey);
  const honeypot = useRef<HTMLInputElement>(null);
  const form = useRef<HTMLFormElement>(null);
  const fieldId = (name: string) => `${id}-${name}`;
  const errorOf = (name: string) => errors.find((e) => e.field === name)?.message;

  const focusFirst = (list: FieldError[]) =>
    form.current?.querySelector<HTMLElement>(`[name="${CSS.escape(list[0]?.field ?? '')}"]`)?.focus();

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    if (sending) return;
    const problems = validate(spec.fields, values, shared.limits, shared.messages, spec.alsoRequired);
    setErrors(problems);
    if (problems.length) {
      focusFirst(problems);
      return;
    }
    setSending(true);
    try {
      const token = await botCheck.token();
      const fields = {
        ...spec.extra,
        ...payload(spec.fields, values),
        [shared.honeypot]: honeypot.current?.value ?? '',
      };
      await sendForm(shared.api, spec.form, fields, { key, token });
      toast({ ...spec.toasts.success, dismiss: shared.dismiss, link: spec.successLink });
      setKey(newKey());
      setValues({});
      setErrors([]);
      onDone();
    } catch (error) {
      const errors = error instanceof ApiError ? error.errors : [];
      toast({
        ...refusalToast(spec.toasts.error, errors, shared.api.bot_check_field),
        variant: 'destructive',
        dismiss: shared.dismiss,
      });
      const fieldErrors = errors.filter((x) => spec.fields.some((f) => f.name === x.field));
      if (fieldErrors.length) {
        setErrors(fieldErrors);
        focusFirst(fieldErrors);
      }
    } finally {
      // The token is spent (or refused): the next try gets a new one.
      botCheck.renew();
      setSending(false);
    }
  }

  return (
    <>
      <h2 className="dialog__title" id={titleId}>
        {spec.title}
        {spec.about && (
          <>
            <span className="visually-hidden">—</span>
            <span className="dialog__about">{spec.about}</span>
          </>
        )}
      </h2>
      <p className="dialog__text">{spec.text}</p>
      <form ref={form} className="form" noValidate onSubmit={(e) => void onSubmit(e)} aria-labelledby={titleId}>
        <div className="form__grid">
          {spec.fields.map((f) => {
            const required = f.required || !!spec.alsoRequired?.includes(f.name);
            const error = errorOf(f.name);
            const control = {
              id: fieldId(f.name),
              name: f.name,
              className: 'field__control',
              value: values[f.name] ?? '',
              required,
              'aria-invalid': error ? true : undefined,
              'aria-describedby': error ? `${fieldId(f.name)}-error` : undefined,
              autoComplete: f.autocomplete ?? undefined,
              onChange: (e: { target: { value: string } }) => setValues((v) => ({ ...v, [f.name]: e.target.value })),
            };
            return (
              <div key={f.name} className={`field${f.type === 'textarea' ? ' field--wide' : ''}`}>
                <label className="field__label" htmlFor={control.id}>
                  {f.label}
                  {required && (
                    <span className="field__req" aria-hidden="true">
                      {' *'}
                    </span>
                  )}
                </label>
                {f.type === 'textarea' ? (
                  <textarea
                    {...control}
                    rows={4}
                    maxLength={shared.limits.message_max}
                    placeholder={f.placeholder ?? undefined}
                  />
                ) : f.type === 'select' ? (
                  <select {...control}>
                    <option value="">{f.placeholder ?? ''}</option>
                    {f.options.map((o) => (
                      <option key={o.value} value={o.value}>
                        {o.label}
                      </option>
                    ))}
                  </select>
                ) : (
                  <input
                    {...control}
                    type={f.type}
                    maxLength={shared.limits.text_max}
                    placeholder={f.placeholder ?? undefined}
                  />
                )}
                {error && (
                  <p className="field__error" id={`${control.id}-error`}>
                    {error}
                  </p>
                )}
              </div>
            );
          })}
        </div>
        <div className="visually-hidden" aria-hidden="true">
          <label htmlFor={fieldId(shared.honeypot)}>{shared.honeypot}</label>
          <input
            ref={honeypot}
            type="text"
            id={fieldId(shared.honeypot)}
            name={shared.honeypot}
            tabIndex={-1}
            autoComplete="off"
            defaultValue=""
          />
        </div>
        <button className="btn btn--navy form__submit" type="submit" disabled={sending}>
          {sending ? shared.sending : spec.submit}
        </button>
      </form>
    </>
  );
}
