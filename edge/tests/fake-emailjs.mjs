// A stand-in for EmailJS's REST API on 127.0.0.1: records every send and answers with whatever
// status it is told to (to play an outage). Used by the worker's integration tests and the
// browser suite.
import http from 'node:http';

export async function startFakeEmailJs() {
  const sends = [];
  let failWith = null; // a status to answer with instead of 200
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      if (req.method !== 'POST' || req.url !== '/api/v1.0/email/send') {
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
      if (failWith) {
        sends.push({ ...json, refusedWith: failWith });
        res.writeHead(failWith).end('fake outage');
        return;
      }
      sends.push(json);
      res.writeHead(200, { 'Content-Type': 'text/plain' }).end('OK');
    });
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${server.address().port}`,
    /** Accepted sends, oldest first. */
    get delivered() {
      return sends.filter((s) => !s.refusedWith);
    },
    get attempts() {
      return sends;
    },
    fail(status) {
      failWith = status;
    },
    recover() {
      failWith = null;
    },
    close: () => new Promise((resolve) => server.close(resolve)),
  };
}
