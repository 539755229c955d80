// The browser's copy of the server's form rules, for instant feedback (the edge worker decides).
import type { FieldError } from '../../lib/api';
import type { Field, Limits, Messages } from '../../lib/props';
import { isEmail, isPhone } from '../../lib/rules';

export type Values = Record<string, string>;

const fill = (template: string, vars: Record<string, string | number>) =>
  template.replace(/\{(\w+)\}/g, (m, k: string) => (k in vars ? String(vars[k]) : m));

/** Every problem of `values`, in field order; `alsoRequired` adds required fields (e.g. the
 * valuation request's property address). */
export function validate(
  fields: Field[],
  values: Values,
  limits: Limits,
  messages: Messages,
  alsoRequired: string[] = [],
): FieldError[] {
  const errors: FieldError[] = [];
  for (const f of fields) {
    const value = (values[f.name] ?? '').trim();
    const required = f.required || alsoRequired.includes(f.name);
    const max = f.type === 'textarea' ? limits.message_max : limits.text_max;
    let message: string | undefined;
    if (!value) message = required ? fill(messages.required, { label: f.label }) : undefined;
    else if ([...value].length > max) message = fill(messages.too_long, { label: f.label, max });
    else if (f.type === 'email' && !isEmail(value)) message = messages.email;
    else if (f.type === 'tel' && !isPhone(value)) message = messages.phone;
    else if (f.type === 'select' && !f.options.some((o) => o.value === value)) message = messages.option;
    if (message) errors.push({ field: f.name, message });
  }
  return errors;
}

/** What is sent: trimmed values of the form's own fields only. */
export function payload(fields: Field[], values: Values): Values {
  return Object.fromEntries(fields.map((f) => [f.name, (values[f.name] ?? '').trim()]));
}
