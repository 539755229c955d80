// The one client of the edge worker's API (`/api/…`, same origin; the browser holds no keys):
// every request the site's scripts send it is one of the functions below, which alone know each
// endpoint's method, headers, body fields and answers. The islands' paths and field names come
// from their props (`Endpoints`, serialized from jax_model::api), the editor's from lib/editor.ts
// (generated from generator/src/editor). eslint.config.js keeps other code from calling the API
// itself.
import { AUTH_REFRESH, AUTH_STATUS } from './editor';
import type { Endpoints, ManageAnswer } from './props';

/** What each of the API's paths starts with (jax_model::api). */
export const API_PREFIX = '/api/';

/** A field the server (or the browser's mirror of its rules) refused, and why. */
export type FieldError = { field: string; message: string };

/** A request the API did not accept. `errors` lists the fields it refused, if any. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly errors: FieldError[] = [],
  ) {
    super(`The request failed (${status || 'network error'})`);
    this.name = 'ApiError';
  }
}

async function errorOf(response: Response): Promise<ApiError> {
  let errors: FieldError[] = [];
  try {
    const body = (await response.json()) as { errors?: unknown } | null;
    if (Array.isArray(body?.errors)) errors = body.errors as FieldError[];
  } catch {
    // Not JSON: the status says enough.
  }
  return new ApiError(response.status, errors);
}

type Call = { method: 'GET' | 'POST'; headers?: Record<string, string>; body?: string };

/** One request; resolves to the JSON answer (`{}` when it has none), rejects with ApiError (status
 * 0: no answer). `send` is the fetch to use (by default the page's). */
async function request<T>(path: string, { headers, ...init }: Call, send: typeof fetch = fetch): Promise<T> {
  let response: Response;
  try {
    response = await send(path, {
      ...init,
      headers: { Accept: 'application/json', ...headers },
      credentials: 'same-origin',
    });
  } catch {
    throw new ApiError(0);
  }
  if (!response.ok) throw await errorOf(response);
  return (await response.json().catch(() => ({}))) as T;
}

const postJson = <T>(path: string, body: unknown): Promise<T> =>
  request<T>(path, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });

/**
 * Upload one file as the request body to `path?<extra>&field=…&name=…` (the worker streams it
 * into storage without buffering; the query says what it is), with `headers`, reporting progress
 * from 0 to 1. XHR, because fetch cannot report upload progress.
 */
function uploadFile<T>(
  path: string,
  field: string,
  file: File,
  onProgress: (fraction: number) => void,
  extra: Record<string, string>,
  headers: Record<string, string>,
): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    const query = new URLSearchParams({ ...extra, field, name: file.name });
    xhr.open('POST', `${path}?${query}`);
    xhr.setRequestHeader('Accept', 'application/json');
    for (const [name, value] of Object.entries(headers)) xhr.setRequestHeader(name, value);
    xhr.responseType = 'text';
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) onProgress(e.loaded / e.total);
    };
    xhr.onload = () => {
      let body: unknown = {};
      try {
        body = JSON.parse(xhr.responseText || '{}');
      } catch {
        body = {};
      }
      if (xhr.status >= 200 && xhr.status < 300) {
        onProgress(1);
        resolve(body as T);
      } else {
        const errors = (body as { errors?: FieldError[] })?.errors;
        reject(new ApiError(xhr.status, Array.isArray(errors) ? errors : []));
      }
    };
    xhr.onerror = () => reject(new ApiError(0));
    xhr.onabort = () => reject(new ApiError(0));
    xhr.send(file);
  });
}

/** A new idempotency key for one submission (the worker answers its repeats with the first answer). */
export const newKey = (): string => crypto.randomUUID();

/** The forms the dialogs send, by their paths' names in `Endpoints`. */
export type FormName = 'lead' | 'listing_request' | 'contact' | 'quiz';

/** POST one of the dialogs' forms to its path: its `fields`, the submission's `key` (a retry of the
 * same submission repeats it, so the worker acts once) and the bot check's newest `token`, in the
 * fields the worker reads them from. */
export async function sendForm<F extends FormName>(
  api: Pick<Endpoints, F | 'idempotency_key' | 'bot_check_field'>,
  form: F,
  fields: Record<string, unknown>,
  { key, token }: { key: string; token?: string },
): Promise<void> {
  await postJson(api[form], { ...fields, [api.idempotency_key]: key, ...(token && { [api.bot_check_field]: token }) });
}

/** The bot check's site key (GET api.bot_check): null while the check is off, or when the answer is
 * not the worker's; rejects with ApiError (status 0) when there was no answer. */
export async function botCheckSiteKey(api: Pick<Endpoints, 'bot_check'>): Promise<string | null> {
  type Answer = { site_key?: unknown };
  const answer = await request<Answer>(api.bot_check, { method: 'GET' }).catch((e: unknown): Answer => {
    if (e instanceof ApiError && e.status) return {};
    throw e;
  });
  return typeof answer.site_key === 'string' && answer.site_key ? answer.site_key : null;
}

// The concierge's requests, as the edge worker implements them:
//
// 0. POST api.concierge_submissions → 201 {"submission": <UUID>, "token": <hex>}: a submission
//    the worker minted. Its token goes with every upload into it (the api.submission_token_header
//    header) and with its filing (the api.submission_token_field field): its id alone lets no one
//    add a document to it or file it.
// 1. POST api.concierge_documents?submission=<the submission's UUID>&field=<the document's field,
//    e.g. photoId>&name=<the file's name>, one request per document, the file itself as the body
//    (the server streams it into storage; it tells the type by the first bytes: JPEG, PNG or
//    %PDF-; at most the form's max_file_bytes).
//    → 201 {"id": string}. A failed document is retried alone; stored ones are not re-sent.
//    When the bot check is on, each request carries its newest token (the api.bot_check_header
//    header here, the api.bot_check_field body field in 2.): the worker verifies it again under
//    the submission's UUID, so one token serves a whole submission.
// 2. POST api.concierge, application/json:
//      {name, email, phone (the client's details), submission, <submission token field>,
//       documents: {photoId: id, …every document}, <acknowledgment field>: true, <honeypot>: ''}
//    → 200 {"ok": true}. Only the documents named are filed. Idempotent by `submission`: a retry
//    after a network error reuses the same submission, so the set cannot be filed twice. (Without
//    JavaScript the same path takes the prerendered form as one multipart post; the worker mints
//    its submission itself and answers it with its error page.)
// Errors: any other status, optionally {"errors": [{field, message}]}; the client sees ApiError
// (status 0 for a network failure).

/** A submission the worker minted: its id, and the token each upload into it and its filing carry. */
export type Begun = { submission: string; token: string };

/** What the concierge's requests need of `Endpoints`. */
export type ConciergeApi = Pick<
  Endpoints,
  | 'concierge_submissions'
  | 'concierge_documents'
  | 'concierge'
  | 'submission_token_header'
  | 'submission_token_field'
  | 'bot_check_header'
  | 'bot_check_field'
>;

/** Step 0: a new submission from the worker. */
export async function beginSubmission(api: Pick<ConciergeApi, 'concierge_submissions'>): Promise<Begun> {
  const begun = await postJson<Partial<Begun>>(api.concierge_submissions, {});
  if (typeof begun.submission !== 'string' || typeof begun.token !== 'string')
    throw new Error('No submission from the worker');
  return { submission: begun.submission, token: begun.token };
}

/** Step 1: one document of the submission, as its form `field`, with the bot check's newest
 * `token`; resolves to the id the worker stored it under. */
export async function uploadDocument(
  api: ConciergeApi,
  begun: Begun,
  field: string,
  file: File,
  onProgress: (fraction: number) => void,
  token: string | undefined,
): Promise<string> {
  const headers = { [api.submission_token_header]: begun.token, ...(token && { [api.bot_check_header]: token }) };
  const { id } = await uploadFile<{ id?: unknown }>(
    api.concierge_documents,
    field,
    file,
    onProgress,
    { submission: begun.submission },
    headers,
  );
  // An answer without an id would file the set with a hole in it.
  if (typeof id !== 'string' || !id) throw new Error(`No id for the uploaded ${field}`);
  return id;
}

/** Step 2: the submission filed with `fields` (the client's details, the documents' ids, the
 * acknowledgment, the honeypot) and the bot check's newest `token`. */
export async function fileSubmission(
  api: ConciergeApi,
  begun: Begun,
  fields: Record<string, unknown>,
  token: string | undefined,
): Promise<void> {
  await postJson(api.concierge, {
    ...fields,
    submission: begun.submission,
    [api.submission_token_field]: begun.token,
    ...(token && { [api.bot_check_field]: token }),
  });
}

/** The manage page's request (POST `path`, its props' `manage`): the address's searches after
 * `change` (none: as they are), asked with the key its link carries. Rejects with ApiError; a
 * refusal of the link itself names the `token` field (403: it changed on its way, 404: sent before
 * the address stopped, 410: past its year). */
export function manageSearches(
  path: string,
  token: string,
  change: Record<string, string> = {},
): Promise<ManageAnswer> {
  return postJson<ManageAnswer>(path, { token, ...change });
}

/** Whether the worker has the GitHub App's keys, without which no one could sign in to the editor
 * (GET AUTH_STATUS: {"sign_in": boolean}); false too when the answer is not the worker's (an error
 * page, no network). */
export async function editorSignInOn(): Promise<boolean> {
  try {
    const answer = await request<{ sign_in?: unknown }>(AUTH_STATUS, { method: 'GET' });
    return answer.sign_in === true;
  } catch {
    return false;
  }
}

/** The editor's GitHub token, renewed, and the seconds it lasts. */
export type Renewed = { token: string; expires_in: number };

/** Renew the editor's GitHub token (POST AUTH_REFRESH: the worker keeps the refresh token in an
 * HttpOnly cookie) through `send`, the page's own fetch. Null when the answer holds no token;
 * rejects with ApiError: 401 once the sign-in has ended, 403 when the account may no longer edit,
 * 0 offline. */
export async function renewEditorToken(send: typeof fetch): Promise<Renewed | null> {
  const { token, expires_in } = await request<{ token?: unknown; expires_in?: unknown }>(
    AUTH_REFRESH,
    { method: 'POST' },
    send,
  );
  return typeof token === 'string' && typeof expires_in === 'number' ? { token, expires_in } : null;
}
