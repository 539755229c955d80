import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, uploadFile } from './api';

/** Records what an upload sends and answers as told. */
class FakeXHR {
  static last: FakeXHR;
  upload: { onprogress: ((e: { lengthComputable: boolean; loaded: number; total: number }) => void) | null } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;
  responseType = '';
  responseText = '';
  status = 0;
  url = '';
  headers: Record<string, string> = {};
  body: unknown;
  open(_method: string, url: string) {
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
}

afterEach(() => vi.unstubAllGlobals());

describe('uploadFile', () => {
  it('sends the file itself as the body, saying what it is in the query, and reports progress', async () => {
    vi.stubGlobal('XMLHttpRequest', FakeXHR);
    const file = new File(['%PDF-1.7'], 'Bank statement #1.pdf', { type: 'application/pdf' });
    const progress: number[] = [];
    const done = uploadFile<{ id: string }>('/api/concierge/documents', 'bankStatement1', file, (f) => progress.push(f), { submission: 'S-1' });
    const xhr = FakeXHR.last;
    const url = new URL(xhr.url, 'http://x');
    expect(url.pathname).toBe('/api/concierge/documents');
    expect(Object.fromEntries(url.searchParams)).toEqual({ submission: 'S-1', field: 'bankStatement1', name: 'Bank statement #1.pdf' });
    expect(xhr.body).toBe(file);
    xhr.upload.onprogress?.({ lengthComputable: true, loaded: 4, total: 8 });
    xhr.status = 201;
    xhr.responseText = '{"id":"key-1"}';
    xhr.onload?.();
    await expect(done).resolves.toEqual({ id: 'key-1' });
    expect(progress).toEqual([0.5, 1]);
  });

  it("rejects with the server's field errors", async () => {
    vi.stubGlobal('XMLHttpRequest', FakeXHR);
    const done = uploadFile('/u', 'photoId', new File(['x'], 'x.gif'), () => {});
    const xhr = FakeXHR.last;
    xhr.status = 415;
    xhr.responseText = JSON.stringify({ errors: [{ field: 'photoId', message: 'Please upload a file in the accepted format.' }] });
    xhr.onload?.();
    const error = await done.catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(415);
    expect((error as ApiError).errors[0].field).toBe('photoId');
  });
});
