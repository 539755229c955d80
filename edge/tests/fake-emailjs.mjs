// A stand-in for EmailJS's REST API on 127.0.0.1: records every send and answers with whatever
// status it is told to (to play an outage). Used in-process by the worker's integration tests,
// and as a server of its own by the browser suite (`node edge/tests/fake-emailjs.mjs PORT`),
// which reads and steers it over HTTP:
//   GET  /__sends                      every attempt, oldest first (refused ones carry refusedWith)
//   POST /__fail    {status, match?, body?}   answer `status` (with `body`) to sends whose body
//                                      contains `match` (all without); status "hang" never answers
//                                      (a provider timeout); a 3xx redirects to /__elsewhere
//   POST /__recover {match?}           stop failing them
// A `match` lets parallel tests play an outage for their own sends only. In-process, `slow(ms)`
// holds every answer that long (so attempts overlap), and `flaky(rate)` fails that share of the
// other sends at random with 500, 429 or a hang (scripts/reliability.mjs), and `quota(n)` accepts n
// more sends, then answers every other as EmailJS does once an account's limit is reached
// (scripts/flood.mjs). It also answers Turnstile's siteverify (fake-turnstile.mjs) at SITEVERIFY:
//   GET  /__siteverify                 every verification, oldest first
//   POST /__siteverify {down}          play Turnstile's outage, or end it
// and GitHub's OAuth web flow (the editor's sign-in; fake-github.mjs) under GITHUB.
import http from 'node:http';
import { pathToFileURL } from 'node:url';
import { fakeSiteverify, SITEVERIFY } from './fake-turnstile.mjs';
import { fakeGitHub, GITHUB } from './fake-github.mjs';

const SEND = '/api/v1.0/email/send';
const ELSEWHERE = '/__elsewhere';

export async function startFakeEmailJs(port = 0) {
  const sends = [];
  const elsewhere = [];
  const turnstile = fakeSiteverify();
  const github = fakeGitHub();
  const failing = new Map(); // match ('' = every send) → status
  const bodies = new Map(); // match → what a failing answer says
  let delay = 0;
  let flakiness = 0;
  let quotaLeft = Infinity;
  const FLAKES = [500, 429, 'hang'];

  const statusFor = (raw) => {
    for (const [match, status] of failing) if (raw.includes(match)) return [status, bodies.get(match)];
    return [Math.random() < flakiness ? FLAKES[Math.floor(Math.random() * FLAKES.length)] : null];
  };
  const answerJson = (res, status, value) =>
    res.writeHead(status, { 'Content-Type': 'application/json' }).end(JSON.stringify(value));

  const server = http.createServer((req, res) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      if (req.method === 'GET' && req.url === '/__sends') return answerJson(res, 200, sends);
      const fromGitHub = github.answer(req.method, req.url, body, req.headers);
      if (fromGitHub) return res.writeHead(fromGitHub[0], fromGitHub[1]).end(fromGitHub[2]);
      if (req.method === 'POST' && req.url === SITEVERIFY) return answerJson(res, ...turnstile.answer(body));
      if (req.method === 'GET' && req.url === '/__siteverify') return answerJson(res, 200, turnstile.calls);
      if (req.method === 'POST' && req.url === '/__siteverify') {
        turnstile.down(!!JSON.parse(body || '{}').down);
        return answerJson(res, 200, { ok: true });
      }
      if (req.method === 'POST' && (req.url === '/__fail' || req.url === '/__recover')) {
        let order;
        try {
          order = JSON.parse(body || '{}');
        } catch {
          return answerJson(res, 400, { error: 'JSON expected' });
        }
        const match = order.match ?? '';
        if (req.url === '/__fail') {
          failing.set(match, order.status === 'hang' ? 'hang' : Number(order.status));
          bodies.set(match, order.body);
        } else failing.delete(match);
        return answerJson(res, 200, { ok: true });
      }
      if (req.url === ELSEWHERE) {
        elsewhere.push(body);
        return answerJson(res, 200, { ok: true });
      }
      if (req.method !== 'POST' || req.url !== SEND) {
        res.writeHead(404).end('not found');
        return;
      }
      let json = null;
      try {
        json = JSON.parse(body);
      } catch {
        res.writeHead(400).end('The JSON is invalid');
        return;
      }
      const [refusedWith, says] = statusFor(body);
      if (delay && refusedWith !== 'hang') return setTimeout(() => answerSend(res, json, refusedWith, says), delay);
      if (refusedWith === 'hang') {
        // Holds the request without an answer (until the caller gives up, or a minute passes).
        sends.push({ ...json, refusedWith });
        setTimeout(() => res.destroy(), 60_000).unref();
        return;
      }
      answerSend(res, json, refusedWith, says);
    });
  });
  const answerSend = (res, json, refusedWith, says = 'fake outage') => {
    if (refusedWith) {
      sends.push({ ...json, refusedWith });
      // A redirect points at ELSEWHERE, which records whatever reaches it (nothing should).
      res.writeHead(refusedWith, refusedWith >= 300 && refusedWith < 400 ? { Location: ELSEWHERE } : {}).end(says);
      return;
    }
    if (quotaLeft <= 0) {
      sends.push({ ...json, refusedWith: 426 });
      res.writeHead(426).end('The limit of the number of requests for this account has been reached');
      return;
    }
    quotaLeft -= 1;
    sends.push(json);
    res.writeHead(200, { 'Content-Type': 'text/plain' }).end('OK');
  };
  // Idle connections stay open longer than workerd keeps them: Node's 5 s default closed one just
  // as the worker reused it, an attempt that failed ("could not be reached") without reaching here.
  server.keepAliveTimeout = 120_000;
  await new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', resolve);
  });
  return {
    url: `http://127.0.0.1:${server.address().port}`,
    /** Turnstile's siteverify, faked here: its calls, and its outage. */
    turnstile,
    siteverifyUrl: `http://127.0.0.1:${server.address().port}${SITEVERIFY}`,
    /** GitHub, faked here (GITHUB_URL and GITHUB_API_URL), and the code exchanges it saw. */
    github,
    githubUrl: `http://127.0.0.1:${server.address().port}${GITHUB}`,
    /** What reached the place its redirects point at (a 3xx given to `fail`). */
    elsewhere,
    /** Accepted sends, oldest first. */
    get delivered() {
      return sends.filter((s) => !s.refusedWith);
    },
    get attempts() {
      return sends;
    },
    fail(status, match = '', body = undefined) {
      failing.set(match, status);
      bodies.set(match, body);
    },
    recover(match = '') {
      failing.delete(match);
    },
    slow(ms) {
      delay = ms;
    },
    flaky(rate) {
      flakiness = rate;
    },
    quota(n) {
      quotaLeft = n;
    },
    close: () =>
      new Promise((resolve) => {
        server.close(resolve);
        server.closeAllConnections(); // hung sends too
      }),
  };
}

// Run as a server of its own: node edge/tests/fake-emailjs.mjs PORT
if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const port = Number(process.argv[2] ?? 0);
  const fake = await startFakeEmailJs(port);
  console.log(`fake EmailJS listening on ${fake.url}`);
  const stop = () => fake.close().then(() => process.exit(0));
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
}
