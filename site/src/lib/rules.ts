// The browser's mirror of the server's format rules (generator/model/src/rules.rs), for instant
// feedback; the edge worker stays the authority. Both run the cases in
// spec/cases/rules.json, so they cannot drift apart.

/** One `@`, a dotted domain, no spaces or header-breaking characters. */
export function isEmail(value: string): boolean {
  const s = value.trim();
  if (new TextEncoder().encode(s).length > 254 || /[\s\p{Cc}<>,;"]/u.test(s)) return false;
  const at = s.indexOf('@');
  if (at < 0) return false;
  const local = s.slice(0, at);
  const domain = s.slice(at + 1);
  const tld = domain.split('.').pop() ?? '';
  return (
    local.length > 0 &&
    new TextEncoder().encode(local).length <= 64 &&
    !domain.includes('@') &&
    domain.includes('.') &&
    !domain.startsWith('.') &&
    !domain.endsWith('.') &&
    !domain.includes('..') &&
    /^\p{Alphabetic}{2,}$/u.test(tld)
  );
}

/** A number a person could dial: 7 to 15 digits with the usual punctuation, `+` only first. */
export function isPhone(value: string): boolean {
  const s = value.trim();
  const digits = s.replace(/\D/g, '').length;
  return digits >= 7 && digits <= 15 && /^[\d +\-().]*$/.test(s) && !s.slice(1).includes('+');
}
