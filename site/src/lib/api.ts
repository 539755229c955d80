// The only code that talks to the edge worker's API (same origin; the browser holds no keys).
// The paths come from the page (jax_model::api, serialized into the islands' props).

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

/** A new idempotency key for one submission (the worker answers its repeats with the first answer). */
export const newKey = (): string => crypto.randomUUID();

/** POST a JSON body; resolves to the JSON answer, rejects with ApiError. */
export async function postJson<T = unknown>(path: string, body: unknown, signal?: AbortSignal): Promise<T> {
  let response: Response;
  try {
    response = await fetch(path, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
      body: JSON.stringify(body),
      credentials: 'same-origin',
      signal,
    });
  } catch {
    throw new ApiError(0);
  }
  if (!response.ok) throw await errorOf(response);
  return (await response.json().catch(() => ({}))) as T;
}

/**
 * Upload one file as the request body to `path?<extra>&field=…&name=…` (the worker streams it
 * into storage without buffering; the query says what it is), with `headers` (the bot check's
 * token), reporting progress from 0 to 1.
 * XHR, because fetch cannot report upload progress.
 */
export function uploadFile<T = unknown>(
  path: string,
  field: string,
  file: File,
  onProgress: (fraction: number) => void,
  extra: Record<string, string> = {},
  headers: Record<string, string> = {},
  signal?: AbortSignal,
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
    signal?.addEventListener('abort', () => xhr.abort());
    xhr.send(file);
  });
}
