// A stand-in for a GitHub App's web flow (the editor's sign-in), served by the fake EmailJS's
// server under GITHUB (so the browser suite runs one fake on loopback). It plays GitHub's rules:
//   GET  GITHUB/login/oauth/authorize   the consent page: an account name to sign in as, and
//                                        Authorize or Cancel (a browser fills it; a test posts it)
//   POST GITHUB/login/oauth/authorize   the choice: back to redirect_uri with ?code&state, or with
//                                        ?error=access_denied&state on Cancel
//   POST GITHUB/login/oauth/access_token the code (once, with the app's id and secret) for a user
//                                        token (ghu_, 8 hours) and a refresh token (ghr_); or, with
//                                        grant_type=refresh_token, a refresh token (once) for new
//                                        ones, the old user token revoked; `expiring = false` plays
//                                        an OAuth app (a token that never expires, no refresh)
//   GET  GITHUB/api/user                 the token's account ({login})
//   GET  /__github                       every code exchange, oldest first (without the secret)
export const GITHUB = '/github';
/** The GitHub App's keys the worker must use (stack.env and the tests set them). */
export const CLIENT_ID = 'e2e-github-client-id';
export const CLIENT_SECRET = 'e2e-github-client-secret-5d02b7';

const escape = (s) => String(s).replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]);

export function fakeGitHub() {
  const codes = new Map(); // code → login
  const tokens = new Map(); // token → login
  const refreshes = new Map(); // refresh token → login
  const exchanges = [];
  let n = 0;
  const consent = (q) => {
    if (q.get('client_id') !== CLIENT_ID) return [404, 'text/html', '<h1>Not Found</h1>'];
    const hidden = ['redirect_uri', 'state'].map((k) => `<input type="hidden" name="${k}" value="${escape(q.get(k) ?? '')}">`).join('');
    const page = `<!doctype html><html lang="en"><title>Authorize application</title><h1>Authorize Move to JAX editor</h1>
<form method="post">${hidden}<label>Sign in as <input name="login"></label>
<button name="decision" value="allow">Authorize</button><button name="decision" value="deny">Cancel</button></form></html>`;
    return [200, 'text/html', page];
  };
  const decide = (form) => {
    const back = new URL(form.get('redirect_uri'));
    back.searchParams.set('state', form.get('state') ?? '');
    if (form.get('decision') === 'allow') {
      const code = `code-${++n}-${Math.random().toString(36).slice(2)}`;
      codes.set(code, form.get('login'));
      back.searchParams.set('code', code);
    } else {
      back.searchParams.set('error', 'access_denied');
      back.searchParams.set('error_description', 'The user has denied your application access.');
    }
    return back.href;
  };
  const issue = (login) => {
    const token = `${fake.expiring ? 'ghu' : 'gho'}_fake${++n}${Math.random().toString(36).slice(2)}`;
    tokens.set(token, login);
    if (!fake.expiring) return { access_token: token, token_type: 'bearer', scope: 'repo' };
    const refresh = `ghr_fake${++n}${Math.random().toString(36).slice(2)}`;
    refreshes.set(refresh, { login, token });
    return { access_token: token, expires_in: 28800, refresh_token: refresh, refresh_token_expires_in: 15897600, token_type: 'bearer', scope: '' };
  };
  const exchange = (form) => {
    const call = Object.fromEntries(form);
    delete call.client_secret;
    exchanges.push(call);
    if (form.get('client_id') !== CLIENT_ID || form.get('client_secret') !== CLIENT_SECRET) return { error: 'incorrect_client_credentials' };
    if (form.get('grant_type') === 'refresh_token') {
      const held = refreshes.get(form.get('refresh_token'));
      if (!held) return { error: 'bad_refresh_token', error_description: 'The refresh token passed is incorrect or expired.' };
      refreshes.delete(form.get('refresh_token'));
      tokens.delete(held.token);
      return issue(held.login);
    }
    const login = codes.get(form.get('code'));
    if (!login) return { error: 'bad_verification_code' };
    codes.delete(form.get('code'));
    return issue(login);
  };
  const fake = {
    /** A GitHub App with expiring user tokens (false: an OAuth app's tokens). */
    expiring: true,
    /** GitHub's API away (503) while its sign-in still answers. */
    apiDown: false,
    /** The answer to `method url` with `body`, or null when the path is not GitHub's:
     * [status, headers, body]. */
    answer(method, url, body, headers) {
      const u = new URL(url, 'http://fake');
      if (method === 'GET' && u.pathname === '/__github') return [200, { 'Content-Type': 'application/json' }, JSON.stringify(exchanges)];
      if (!u.pathname.startsWith(GITHUB)) return null;
      const path = u.pathname.slice(GITHUB.length);
      const json = (value) => [200, { 'Content-Type': 'application/json' }, JSON.stringify(value)];
      if (path === '/login/oauth/authorize' && method === 'GET') {
        const [status, type, page] = consent(u.searchParams);
        return [status, { 'Content-Type': type }, page];
      }
      if (path === '/login/oauth/authorize' && method === 'POST') return [302, { Location: decide(new URLSearchParams(body)) }, ''];
      if (path === '/login/oauth/access_token' && method === 'POST') {
        if (!/application\/json/.test(headers.accept ?? '')) return [406, {}, 'Accept: application/json expected'];
        return json(exchange(new URLSearchParams(body)));
      }
      if (path === '/api/user' && method === 'GET') {
        if (fake.apiDown) return [503, {}, 'Service Unavailable'];
        if (!headers['user-agent']) return [403, {}, 'Request forbidden by administrative rules. Please make sure your request has a User-Agent header'];
        const login = tokens.get((headers.authorization ?? '').replace(/^Bearer /, ''));
        return login ? json({ login, id: 1 }) : [401, { 'Content-Type': 'application/json' }, JSON.stringify({ message: 'Bad credentials' })];
      }
      return [404, {}, 'not found'];
    },
    /** Every exchange the worker made (of a code or a refresh token), oldest first. */
    exchanges,
    /** Whether `token` still opens GitHub's API. */
    valid: (token) => tokens.has(token),
  };
  return fake;
}
