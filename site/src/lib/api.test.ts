import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  ApiError,
  beginSubmission,
  botCheckSiteKey,
  editorSignInOn,
  fileSubmission,
  manageSearches,
  renewEditorToken,
  sendForm,
  uploadDocument,
} from './api';
import { AUTH_REFRESH, AUTH_STATUS } from './editor';
import { props } from '../test/dialogs-props';

/** Records what an upload sends and answers as told. */
class FakeXHR {
  static last: FakeXHR;
  upload: { onprogress: ((e: { lengthComputable: boolean; loaded: number; total: number }) => void) | null } = {
    onprogress: null,
  };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;
  responseType = '';
  responseText = '';
  status = 0;
  method = '';
  url = '';
  headers: Record<string, string> = {};
  body: unknown;
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  abort() {
    this.onabort?.();
  }
  send(body: unknown) {
    this.body = body;
    FakeXHR.last = this;
  }
  answer(status: number, body: unknown) {
    this.status = status;
    this.responseText = JSON.stringify(body);
    this.onload?.();
  }
}

/** What the page's fetch was asked: each request's path, method, headers and JSON body. */
type Sent = { path: string; method: string; headers: Record<string, string>; body: unknown };

/** Stubs the page's fetch with `answer` (a Response, or a failure to reach the worker). */
function answering(answer: () => Promise<Response>): Sent[] {
  const sent: Sent[] = [];
  vi.stubGlobal('fetch', (path: string, init: RequestInit = {}) => {
    const body = typeof init.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
    sent.push({ path, method: init.method ?? 'GET', headers: { ...(init.headers as Record<string, string>) }, body });
    return answer();
  });
  return sent;
}
/** An answer of the worker's: `body` as JSON, with `status`. */
function json(body: unknown, status = 200) {
  return () => Promise.resolve(Response.json(body, { status }));
}
const offline = () => Promise.reject(new TypeError('Failed to fetch'));

/** The paths and names as the pages' props carry them (jax_model::api). */
const api = props.api;
const begun = { submission: 'S-1', token: 'T-1' };

afterEach(() => vi.unstubAllGlobals());

describe("the dialogs' forms", () => {
  it('post their fields as JSON with the submission key and the bot check token in their fields', async () => {
    const sent = answering(json({ ok: true }));
    await sendForm(api, 'lead', { name: 'Ana', type: 'consultation' }, { key: 'K-1', token: 'tok' });
    await sendForm(api, 'quiz', { email: 'ana@example.com' }, { key: 'K-2' });
    expect(sent).toEqual([
      {
        path: '/api/lead',
        method: 'POST',
        headers: { Accept: 'application/json', 'Content-Type': 'application/json' },
        body: { name: 'Ana', type: 'consultation', idempotency_key: 'K-1', 'cf-turnstile-response': 'tok' },
      },
      {
        path: '/api/quiz',
        method: 'POST',
        headers: { Accept: 'application/json', 'Content-Type': 'application/json' },
        body: { email: 'ana@example.com', idempotency_key: 'K-2' },
      },
    ]);
  });

  it("reject with the server's field errors, or status 0 when the worker was not reached", async () => {
    const refused = { errors: [{ field: 'email', message: 'Please enter a valid email.' }] };
    answering(json(refused, 400));
    const error = await sendForm(api, 'lead', {}, { key: 'K' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 400, errors: refused.errors });
    answering(() => Promise.resolve(new Response('<html>', { status: 502 })));
    await expect(sendForm(api, 'lead', {}, { key: 'K' })).rejects.toMatchObject({ status: 502, errors: [] });
    answering(offline);
    await expect(sendForm(api, 'lead', {}, { key: 'K' })).rejects.toMatchObject({ status: 0 });
  });
});

describe('the concierge', () => {
  it('begins with a submission the worker mints, and fails on an answer without both its id and token', async () => {
    const sent = answering(json({ submission: 'S2', token: 'T2' }, 201));
    await expect(beginSubmission(api)).resolves.toEqual({ submission: 'S2', token: 'T2' });
    expect(sent.map((s) => [s.path, s.method, s.body])).toEqual([['/api/concierge/submissions', 'POST', {}]]);
    answering(json({ submission: 'S2' }, 201));
    await expect(beginSubmission(api)).rejects.toThrow(/No submission/);
  });

  it('uploads a document as the body, saying what it is in the query and carrying both tokens, and reports progress', async () => {
    vi.stubGlobal('XMLHttpRequest', FakeXHR);
    const file = new File(['%PDF-1.7'], 'Bank statement #1.pdf', { type: 'application/pdf' });
    const progress: number[] = [];
    const done = uploadDocument(api, begun, 'bankStatement1', file, (f) => progress.push(f), 'tok');
    const xhr = FakeXHR.last;
    const url = new URL(xhr.url, 'http://x');
    expect([xhr.method, url.pathname]).toEqual(['POST', '/api/concierge/documents']);
    expect(Object.fromEntries(url.searchParams)).toEqual({
      submission: 'S-1',
      field: 'bankStatement1',
      name: 'Bank statement #1.pdf',
    });
    expect(xhr.headers).toEqual({
      Accept: 'application/json',
      'X-Submission-Token': 'T-1',
      'CF-Turnstile-Response': 'tok',
    });
    expect(xhr.body).toBe(file);
    xhr.upload.onprogress?.({ lengthComputable: true, loaded: 4, total: 8 });
    xhr.answer(201, { id: 'key-1' });
    await expect(done).resolves.toBe('key-1');
    expect(progress).toEqual([0.5, 1]);
  });

  it('without a bot check token, an upload carries only the submission token', () => {
    vi.stubGlobal('XMLHttpRequest', FakeXHR);
    void uploadDocument(api, begun, 'photoId', new File(['x'], 'id.png'), () => {}, undefined);
    expect(FakeXHR.last.headers).toEqual({ Accept: 'application/json', 'X-Submission-Token': 'T-1' });
  });

  it("an upload rejects with the server's field errors, and an answer without an id is a failure", async () => {
    vi.stubGlobal('XMLHttpRequest', FakeXHR);
    const refused = uploadDocument(api, begun, 'photoId', new File(['x'], 'x.gif'), () => {}, undefined);
    FakeXHR.last.answer(415, {
      errors: [{ field: 'photoId', message: 'Please upload a file in the accepted format.' }],
    });
    const error = await refused.catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(415);
    expect((error as ApiError).errors[0].field).toBe('photoId');
    const noId = uploadDocument(api, begun, 'photoId', new File(['x'], 'x.png'), () => {}, undefined);
    FakeXHR.last.answer(201, {});
    await expect(noId).rejects.toThrow(/No id/);
  });

  it('files the submission with its token, and the bot check token when there is one', async () => {
    const sent = answering(json({ ok: true }));
    await fileSubmission(api, begun, { name: 'Ana Ruiz', documents: { photoId: 'id-1' } }, 'tok');
    await fileSubmission(api, begun, { name: 'Ana Ruiz' }, undefined);
    expect(sent.map((s) => [s.path, s.method, s.body])).toEqual([
      [
        '/api/concierge',
        'POST',
        {
          name: 'Ana Ruiz',
          documents: { photoId: 'id-1' },
          submission: 'S-1',
          submission_token: 'T-1',
          'cf-turnstile-response': 'tok',
        },
      ],
      ['/api/concierge', 'POST', { name: 'Ana Ruiz', submission: 'S-1', submission_token: 'T-1' }],
    ]);
  });
});

describe("the bot check's site key", () => {
  it('is the worker’s answer, or null while the check is off or the answer is not the worker’s', async () => {
    const sent = answering(json({ site_key: 'site-key' }));
    expect(await botCheckSiteKey(api)).toBe('site-key');
    expect(sent.map((s) => [s.path, s.method, s.headers])).toEqual([
      ['/api/bot-check', 'GET', { Accept: 'application/json' }],
    ]);
    answering(json({ site_key: null }));
    expect(await botCheckSiteKey(api)).toBeNull();
    answering(() => Promise.resolve(new Response('<html>', { status: 500 })));
    expect(await botCheckSiteKey(api)).toBeNull();
  });

  it('rejects when the worker was not reached (the page asks again later)', async () => {
    answering(offline);
    await expect(botCheckSiteKey(api)).rejects.toMatchObject({ status: 0 });
  });
});

describe("the manage page's request", () => {
  it('posts the link’s key with the change, and answers the searches', async () => {
    const searches = { searches: [], stopped: false };
    const sent = answering(json(searches));
    await expect(manageSearches('/api/searches/manage', 'key-1', { action: 'pause', id: 's1' })).resolves.toEqual(
      searches,
    );
    expect(sent.map((s) => [s.path, s.method, s.body])).toEqual([
      ['/api/searches/manage', 'POST', { token: 'key-1', action: 'pause', id: 's1' }],
    ]);
  });

  it("rejects with the refusal's status and the field it names", async () => {
    answering(json({ errors: [{ field: 'token', message: 'x' }] }, 410));
    await expect(manageSearches('/api/searches/manage', 'key-1')).rejects.toMatchObject({
      status: 410,
      errors: [{ field: 'token' }],
    });
  });
});

describe('away from this machine the editor asks the worker whether its GitHub sign-in is on', () => {
  it('on only when the worker says so', async () => {
    const sent = answering(json({ sign_in: true }));
    expect(await editorSignInOn()).toBe(true);
    expect(sent.map((s) => s.path)).toEqual([AUTH_STATUS]);
    answering(json({ sign_in: false }));
    expect(await editorSignInOn()).toBe(false);
  });

  it("off when the answer is not the worker's (an error page, no network)", async () => {
    answering(() => Promise.resolve(new Response('<html>', { status: 503 })));
    expect(await editorSignInOn()).toBe(false);
    answering(offline);
    expect(await editorSignInOn()).toBe(false);
  });
});

describe("the editor's token renewal", () => {
  const through = (answer: () => Promise<Response>) => {
    const sent: [string, string | undefined][] = [];
    const send = ((path: string, init?: RequestInit) => (sent.push([path, init?.method]), answer())) as typeof fetch;
    return { sent, send };
  };

  it('posts through the fetch it is given, and answers the new token and how long it lasts', async () => {
    const { sent, send } = through(json({ token: 'ghu_2', expires_in: 28800 }));
    await expect(renewEditorToken(send)).resolves.toEqual({ token: 'ghu_2', expires_in: 28800 });
    expect(sent).toEqual([[AUTH_REFRESH, 'POST']]);
    await expect(renewEditorToken(through(json({ token: 'ghu_2' })).send)).resolves.toBeNull();
  });

  it('rejects with the status once the sign-in has ended, and with 0 offline', async () => {
    const ended = through(json({ error: 'Your editor sign-in has ended: sign in with GitHub again.' }, 401));
    await expect(renewEditorToken(ended.send)).rejects.toMatchObject({ status: 401 });
    await expect(renewEditorToken(through(offline).send)).rejects.toMatchObject({ status: 0 });
  });
});
