import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../lib/api';
import type { Endpoints } from '../../lib/props';

type Upload = (
  path: string,
  field: string,
  file: File,
  onProgress: (fraction: number) => void,
  extra?: Record<string, string>,
  headers?: Record<string, string>,
) => Promise<unknown>;
const api = vi.hoisted(() => ({ uploadFile: vi.fn<Upload>(), postJson: vi.fn<(path: string, body: unknown) => Promise<unknown>>() }));
vi.mock('../../lib/api', async (original) => ({ ...(await original<typeof import('../../lib/api')>()), ...api }));
const { beginSubmission, submitDocuments } = await import('./submit');

const endpoints = {
  concierge_submissions: '/api/concierge/submissions',
  submission_token_header: 'X-Submission-Token',
  submission_token_field: 'submission_token',
  concierge_documents: '/api/concierge/documents',
  concierge: '/api/concierge',
  bot_check_field: 'cf-turnstile-response',
  bot_check_header: 'CF-Turnstile-Response',
} as Endpoints;
/** The bot check while off: no token. */
const off = { token: (): Promise<string | undefined> => Promise.resolve(undefined) };
const files: [string, File][] = [
  ['photoId', new File(['a'], 'id.png')],
  ['creditReport', new File(['b'], 'credit.pdf')],
];

beforeEach(() => {
  api.uploadFile.mockReset().mockImplementation((_p, field) => Promise.resolve({ id: `id-${field}` }));
  api.postJson.mockReset().mockResolvedValue({ ok: true });
});
afterEach(() => vi.unstubAllGlobals());

const run = (uploaded: Record<string, string>, onProgress = vi.fn(), botCheck = off) =>
  submitDocuments({ api: endpoints, begun: { submission: 'S', token: 'T' }, files, uploaded, acknowledgment: 'acknowledgment', client: { name: 'Ana Ruiz', email: 'ana@example.com', phone: '904 555 0147' }, honeypot: ['website', ''], botCheck, onProgress });

describe('submitDocuments', () => {
  it('uploads each document with the submission and its field, then files the set', async () => {
    const uploaded = {};
    await run(uploaded);
    expect(api.uploadFile.mock.calls.map((c) => [c[0], c[1], c[2], c[4], c[5]])).toEqual([
      ['/api/concierge/documents', 'photoId', files[0][1], { submission: 'S' }, { 'X-Submission-Token': 'T' }],
      ['/api/concierge/documents', 'creditReport', files[1][1], { submission: 'S' }, { 'X-Submission-Token': 'T' }],
    ]);
    expect(uploaded).toEqual({ photoId: 'id-photoId', creditReport: 'id-creditReport' });
    expect(api.postJson).toHaveBeenCalledWith('/api/concierge', {
      name: 'Ana Ruiz',
      email: 'ana@example.com',
      phone: '904 555 0147',
      submission: 'S',
      submission_token: 'T',
      documents: { photoId: 'id-photoId', creditReport: 'id-creditReport' },
      acknowledgment: true,
      website: '',
    });
  });

  it("with the bot check on, every upload and the filing carry the check's newest token", async () => {
    const tokens = ['t1', 't2', 't3'];
    await run({}, vi.fn(), { token: () => Promise.resolve(tokens.shift()) });
    expect(api.uploadFile.mock.calls.map((c) => c[5])).toEqual([
      { 'X-Submission-Token': 'T', 'CF-Turnstile-Response': 't1' },
      { 'X-Submission-Token': 'T', 'CF-Turnstile-Response': 't2' },
    ]);
    expect(api.postJson.mock.calls[0][1]).toMatchObject({ submission: 'S', 'cf-turnstile-response': 't3' });
  });

  it('skips documents stored by an earlier attempt, reporting them complete', async () => {
    const onProgress = vi.fn();
    await run({ photoId: 'old' }, onProgress);
    expect(api.uploadFile.mock.calls.map((c) => c[1])).toEqual(['creditReport']);
    expect(onProgress).toHaveBeenCalledWith('photoId', 1);
    expect((api.postJson.mock.calls[0][1] as { documents: unknown }).documents).toEqual({ photoId: 'old', creditReport: 'id-creditReport' });
  });

  it('stops at a failed upload, keeping the ids of those before it', async () => {
    api.uploadFile.mockImplementation((_p, field) => (field === 'creditReport' ? Promise.reject(new ApiError(0)) : Promise.resolve({ id: `id-${field}` })));
    const uploaded = {};
    await expect(run(uploaded)).rejects.toBeInstanceOf(ApiError);
    expect(uploaded).toEqual({ photoId: 'id-photoId' });
    expect(api.postJson).not.toHaveBeenCalled();
  });

  it('treats an answer without an id as a failure', async () => {
    api.uploadFile.mockResolvedValue({});
    await expect(run({})).rejects.toThrow(/No id/);
    expect(api.postJson).not.toHaveBeenCalled();
  });
});

describe('beginSubmission', () => {
  it('asks the worker for a submission and its token', async () => {
    api.postJson.mockResolvedValue({ submission: 'S2', token: 'T2' });
    await expect(beginSubmission(endpoints)).resolves.toEqual({ submission: 'S2', token: 'T2' });
    expect(api.postJson).toHaveBeenCalledWith('/api/concierge/submissions', {});
  });

  it('fails on an answer without both', async () => {
    api.postJson.mockResolvedValue({ submission: 'S2' });
    await expect(beginSubmission(endpoints)).rejects.toThrow(/No submission/);
  });
});
