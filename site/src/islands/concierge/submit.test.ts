import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, type ConciergeApi } from '../../lib/api';

type Upload = typeof import('../../lib/api').uploadDocument;
type Filing = typeof import('../../lib/api').fileSubmission;
const api = vi.hoisted(() => ({ uploadDocument: vi.fn<Upload>(), fileSubmission: vi.fn<Filing>() }));
vi.mock('../../lib/api', async (original) => ({ ...(await original<typeof import('../../lib/api')>()), ...api }));
const { submitDocuments } = await import('./submit');

const endpoints = { concierge: '/api/concierge', concierge_documents: '/api/concierge/documents' } as ConciergeApi;
const begun = { submission: 'S', token: 'T' };
/** The bot check while off: no token. */
const off = { token: (): Promise<string | undefined> => Promise.resolve(undefined) };
const files: [string, File][] = [
  ['photoId', new File(['a'], 'id.png')],
  ['creditReport', new File(['b'], 'credit.pdf')],
];

beforeEach(() => {
  api.uploadDocument.mockReset().mockImplementation((_api, _begun, field) => Promise.resolve(`id-${field}`));
  api.fileSubmission.mockReset().mockResolvedValue(undefined);
});

const run = (uploaded: Record<string, string>, onProgress = vi.fn(), botCheck = off) =>
  submitDocuments({
    api: endpoints,
    begun,
    files,
    uploaded,
    acknowledgment: 'acknowledgment',
    client: { name: 'Ana Ruiz', email: 'ana@example.com', phone: '904 555 0147' },
    honeypot: ['website', ''],
    botCheck,
    onProgress,
  });

describe('submitDocuments', () => {
  it('uploads each document into the submission under its field, then files the set', async () => {
    const uploaded = {};
    await run(uploaded);
    expect(api.uploadDocument.mock.calls.map((c) => [c[0], c[1], c[2], c[3], c[5]])).toEqual([
      [endpoints, begun, 'photoId', files[0][1], undefined],
      [endpoints, begun, 'creditReport', files[1][1], undefined],
    ]);
    expect(uploaded).toEqual({ photoId: 'id-photoId', creditReport: 'id-creditReport' });
    expect(api.fileSubmission).toHaveBeenCalledWith(
      endpoints,
      begun,
      {
        name: 'Ana Ruiz',
        email: 'ana@example.com',
        phone: '904 555 0147',
        documents: { photoId: 'id-photoId', creditReport: 'id-creditReport' },
        acknowledgment: true,
        website: '',
      },
      undefined,
    );
  });

  it("with the bot check on, every upload and the filing carry the check's newest token", async () => {
    const tokens = ['t1', 't2', 't3'];
    await run({}, vi.fn(), { token: () => Promise.resolve(tokens.shift()) });
    expect(api.uploadDocument.mock.calls.map((c) => c[5])).toEqual(['t1', 't2']);
    expect(api.fileSubmission.mock.calls[0][3]).toBe('t3');
  });

  it('reports each upload’s progress under its field', async () => {
    api.uploadDocument.mockImplementation((_api, _begun, field, _file, onProgress) => {
      onProgress(0.5);
      return Promise.resolve(`id-${field}`);
    });
    const onProgress = vi.fn();
    await run({}, onProgress);
    expect(onProgress.mock.calls).toEqual([
      ['photoId', 0.5],
      ['creditReport', 0.5],
    ]);
  });

  it('skips documents stored by an earlier attempt, reporting them complete', async () => {
    const onProgress = vi.fn();
    await run({ photoId: 'old' }, onProgress);
    expect(api.uploadDocument.mock.calls.map((c) => c[2])).toEqual(['creditReport']);
    expect(onProgress).toHaveBeenCalledWith('photoId', 1);
    expect(api.fileSubmission.mock.calls[0][2].documents).toEqual({ photoId: 'old', creditReport: 'id-creditReport' });
  });

  it('stops at a failed upload, keeping the ids of those before it', async () => {
    api.uploadDocument.mockImplementation((_api, _begun, field) =>
      field === 'creditReport' ? Promise.reject(new ApiError(0)) : Promise.resolve(`id-${field}`),
    );
    const uploaded = {};
    await expect(run(uploaded)).rejects.toBeInstanceOf(ApiError);
    expect(uploaded).toEqual({ photoId: 'id-photoId' });
    expect(api.fileSubmission).not.toHaveBeenCalled();
  });
});
