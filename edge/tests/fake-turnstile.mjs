// A stand-in for Cloudflare Turnstile's siteverify, served by the fake EmailJS's server at
// SITEVERIFY (so the browser suite runs one fake on loopback). It plays Turnstile's rules: a token
// the fake widget made (`pass-…~<action>~<hostname>`; site/e2e/fake-turnstile.js) passes once, and
// siteverify gives back the action and hostname it was made for; verifying it again
// fails as spent ("timeout-or-duplicate") unless the same idempotency_key comes with it; any other
// token fails ("invalid-input-response"); a wrong secret is "invalid-input-secret". `down(true)`
// answers 500, like an outage.
export const SITEVERIFY = '/turnstile/v0/siteverify';
/** The secret the worker must send (stack.env and the tests set TURNSTILE_SECRET_KEY to it). */
export const SECRET = 'fake-turnstile-secret';

/** A token as the fake widget makes one, for a form's `action` on a page of `hostname` (which
 * siteverify gives back, as Turnstile's does). */
export const passToken = (action, hostname = '127.0.0.1') => `pass-${Math.random().toString(36).slice(2)}${Date.now().toString(36)}~${action}~${hostname}`;

export function fakeSiteverify() {
  const verified = new Map(); // token → the idempotency key it was first verified with ('' none)
  const calls = [];
  let outage = false;
  return {
    /** The answer to one siteverify POST (form-encoded body): [status, JSON]. */
    answer(body) {
      const form = new URLSearchParams(body);
      const call = Object.fromEntries(form);
      delete call.secret;
      calls.push(call);
      if (outage) return [500, { success: false, 'error-codes': ['internal-error'] }];
      const fail = (code) => [200, { success: false, 'error-codes': [code] }];
      if (form.get('secret') !== SECRET) return fail('invalid-input-secret');
      const token = form.get('response') ?? '';
      if (!token) return fail('missing-input-response');
      if (!token.startsWith('pass-')) return fail('invalid-input-response');
      const key = form.get('idempotency_key') ?? '';
      if (verified.has(token) && (key === '' || verified.get(token) !== key)) return fail('timeout-or-duplicate');
      verified.set(token, key);
      const [, action = '', hostname = ''] = token.split('~');
      return [200, { success: true, 'error-codes': [], hostname, action, challenge_ts: new Date().toISOString() }];
    },
    /** Every call, oldest first, without the secret. */
    calls,
    down(on) {
      outage = on;
    },
  };
}
