// Stand-ins for the agent's CRMs on 127.0.0.1, for the worker's tests (crm.test.mjs):
// Follow Up Boss's Events API (POST /v1/events) and a generic lead webhook (POST /hook) that
// checks the worker's signature as a receiver would. Every request is kept with what it carried;
// `answer(list, match, path)` scripts the next answers of requests to `path` whose body contains
// `match` (each a status, or [status, headers]); past those, a request is taken (200).
import http from 'node:http';
import { createHmac, timingSafeEqual } from 'node:crypto';

/** The lead webhook's signature header (edge/domain/src/crm.rs's SIGNATURE_HEADER). */
export const SIGNATURE_HEADER = 'x-move-to-jax-signature';

/** Whether `header` signs `body` with `secret`, within five minutes of now, as a receiver checks it. */
export function signed(header, body, secret, nowS = Math.floor(Date.now() / 1000)) {
  const parts = Object.fromEntries((header ?? '').split(',').map((p) => p.split('=')));
  const t = Number(parts.t);
  if (!Number.isInteger(t) || Math.abs(nowS - t) > 300 || !/^[0-9a-f]{64}$/.test(parts.v1 ?? '')) return false;
  const want = createHmac('sha256', secret).update(`${t}.${body}`).digest();
  return timingSafeEqual(want, Buffer.from(parts.v1, 'hex'));
}

export async function startFakeCrm(secret) {
  const events = []; // Follow Up Boss: { headers, body, status }
  const hooks = []; // the webhook: { body, signed, status }
  const scripts = []; // { path, match, answers }

  const next = (path, raw) => {
    const script = scripts.find((s) => s.path === path && raw.includes(s.match) && s.answers.length);
    const answer = script?.answers.shift() ?? 200;
    return Array.isArray(answer) ? answer : [answer, {}];
  };

  const server = http.createServer((req, res) => {
    let raw = '';
    req.setEncoding('utf8');
    req.on('data', (c) => (raw += c));
    req.on('end', () => {
      const [status, headers] = next(req.url, raw);
      if (req.method === 'POST' && req.url === '/v1/events') {
        events.push({ headers: req.headers, body: JSON.parse(raw), status });
      } else if (req.method === 'POST' && req.url === '/hook') {
        const ok = signed(req.headers[SIGNATURE_HEADER], raw, secret);
        hooks.push({ body: JSON.parse(raw), signed: ok, status: ok ? status : 401 });
        if (!ok) return res.writeHead(401).end('bad signature');
      } else return res.writeHead(404).end();
      res.writeHead(status, headers).end(status === 204 ? undefined : '{"id":1}');
    });
  });
  server.keepAliveTimeout = 120_000; // as the fake EmailJS's (fake-emailjs.mjs)
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${server.address().port}`;
  return {
    url,
    hookUrl: `${url}/hook`,
    events,
    hooks,
    /** The next answers to requests to `path` whose body contains `match`. */
    answer: (answers, match, path = '/v1/events') => scripts.push({ path, match, answers: [...answers] }),
    close: () => new Promise((resolve) => server.close(resolve)),
  };
}
