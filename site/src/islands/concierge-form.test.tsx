import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../lib/api';
import type { ConciergeProps } from '../lib/props';
import { resetToasts } from '../lib/toast';
import { mountIsland } from '../test/island';

const api = vi.hoisted(() => ({ uploadFile: vi.fn(), postJson: vi.fn() }));
vi.mock('../lib/api', async (original) => ({ ...(await original<typeof import('../lib/api')>()), ...api }));
const { default: mount } = await import('./concierge-form');

const docs = [
  ['photoId', 'Government-issued Photo ID', ['jpeg', 'png', 'pdf'], 'Government-issued photo ID is required'],
  ['creditReport', 'Recent Credit Report', ['pdf'], 'Recent credit report is required'],
  ['proofOfIncome', 'Proof of Income or Employment', ['jpeg', 'png', 'pdf'], 'Proof of income or employment is required'],
  ['bankStatement1', 'Bank Statement (Month 1)', ['pdf'], 'Bank statement for month 1 is required'],
  ['bankStatement2', 'Bank Statement (Month 2)', ['pdf'], 'Bank statement for month 2 is required'],
  ['bankStatement3', 'Bank Statement (Month 3)', ['pdf'], 'Bank statement for month 3 is required'],
] as const;

const props: ConciergeProps = {
  max_file_bytes: 10 * 1024 * 1024,
  documents: docs.map(([field, label, accept, required_message]) => ({ field, label, kind: label, hint: null, accept: [...accept], required_message })),
  acknowledgment: { field: 'acknowledged', label: 'I understand', required_message: 'You must acknowledge the exclusive broker agreement requirement' },
  subject: 's',
  submit: 'Submit Documents',
  submitting: 'Submitting Documents...',
  toasts: {
    too_large: { title: 'File too large', description: 'Please upload a file smaller than 10MB.' },
    invalid_type: { title: 'Invalid file type', description: 'Please upload a file in the accepted format.' },
    success: { title: 'Documents submitted successfully!', description: 'Thank you! Your documents have been received.' },
    failure: { title: 'Submission failed', description: 'There was an error submitting your documents. Please try again or contact us directly.' },
  },
  thank_you: { title: 'Thank You!', description: 'Your documents have been received.' },
  honeypot: 'website',
  dismiss: 'Dismiss notification',
  messages: { required: '', email: '', phone: '', too_long: '', option: '' },
  action: '/api/concierge',
  api: { lead: '', listing_request: '', contact: '', quiz: '', concierge_documents: '/api/concierge/documents', concierge: '/api/concierge' },
};

const html = `<div class="concierge__card" data-island="concierge-form"><h2 id="documents-title">Required Documents</h2><p>Upload.</p>
<form id="concierge-form" method="post" action="/api/concierge" enctype="multipart/form-data"><div class="documents">${docs
  .map(([f, label]) => `<div class="document"><label for="concierge-${f}">${label}</label><input type="file" id="concierge-${f}" name="${f}" required></div>`)
  .join('')}</div>
<div class="check"><input type="checkbox" id="concierge-acknowledged" name="acknowledged" value="yes" required><label for="concierge-acknowledged">I understand</label></div>
<input type="text" name="website" tabindex="-1"><button type="submit">Submit Documents</button></form></div>`;

const PDF = '%PDF-1.7 test';
const pdf = (name: string) => new File([PDF], name, { type: 'application/pdf' });
const user = () => userEvent.setup({ applyAccept: false });

beforeEach(() => {
  resetToasts();
  api.uploadFile.mockReset();
  api.postJson.mockReset();
  api.uploadFile.mockImplementation(async (_url: string, field: string, _file: File, onProgress: (f: number) => void) => {
    onProgress(1);
    return { id: `id-${field}` };
  });
  api.postJson.mockResolvedValue({ ok: true });
});
afterEach(() => document.querySelectorAll('.toaster').forEach((t) => t.remove()));

const input = (label: string) => screen.getByLabelText(label) as HTMLInputElement;

async function chooseAll(u = user()) {
  for (const [, label] of docs) await u.upload(input(label), pdf(`${label}.pdf`));
  await u.click(screen.getByLabelText('I understand'));
  return u;
}

describe('client concierge', () => {
  it('rejects a file over 10 MB and forgets it', async () => {
    await mountIsland(html, mount, props);
    const big = new File([new Uint8Array(props.max_file_bytes + 1)], 'scan.pdf', { type: 'application/pdf' });
    await user().upload(input('Recent Credit Report'), big);
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('File too large'));
    expect(screen.getByRole('alert')).toHaveTextContent('Please upload a file smaller than 10MB.');
    expect(input('Recent Credit Report').value).toBe('');
  });

  it('rejects a file whose bytes are not an accepted type, whatever its name', async () => {
    await mountIsland(html, mount, props);
    const png = new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1])], 'statement.pdf', { type: 'application/pdf' });
    await user().upload(input('Bank Statement (Month 1)'), png);
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('Invalid file type'));
    expect(screen.getByRole('alert')).toHaveTextContent('Please upload a file in the accepted format.');
    expect(input('Bank Statement (Month 1)').value).toBe('');
    // The same PNG is fine where images are accepted.
    await user().upload(input('Government-issued Photo ID'), png);
    await new Promise((r) => setTimeout(r, 20));
    expect(screen.getAllByRole('alert')).toHaveLength(1);
  });

  it('names every missing document and the acknowledgment, and sends nothing', async () => {
    await mountIsland(html, mount, props);
    await user().click(screen.getByRole('button', { name: 'Submit Documents' }));
    for (const [, label, , message] of docs) {
      expect(screen.getByText(message)).toBeInTheDocument();
      expect(input(label)).toHaveAttribute('aria-invalid', 'true');
      expect(input(label)).toHaveAccessibleDescription(message);
    }
    expect(screen.getByText('You must acknowledge the exclusive broker agreement requirement')).toBeInTheDocument();
    expect(input('Government-issued Photo ID')).toHaveFocus();
    expect(api.uploadFile).not.toHaveBeenCalled();
  });

  it('uploads each document, then submits the set; shows progress and the Thank You card', async () => {
    let finish!: () => void;
    api.postJson.mockImplementation(() => new Promise((r) => (finish = () => r({ ok: true }))));
    await mountIsland(html, mount, props);
    const u = await chooseAll();
    await u.click(screen.getByRole('button', { name: 'Submit Documents' }));
    const button = await screen.findByRole('button', { name: 'Submitting Documents...' });
    expect(button).toBeDisabled();
    expect(screen.getAllByRole('progressbar')).toHaveLength(6);
    expect(screen.getByRole('progressbar', { name: 'Recent Credit Report' })).toHaveAttribute('aria-valuenow', '100');
    expect(api.uploadFile.mock.calls.map((c) => [c[0], c[1], (c[2] as File).name])).toEqual(
      docs.map(([f, label]) => ['/api/concierge/documents', f, `${label}.pdf`]),
    );
    const submission = api.uploadFile.mock.calls[0][4].submission;
    expect(submission).toMatch(/^[0-9a-f-]{36}$/);
    await act(async () => finish());
    expect(api.postJson).toHaveBeenCalledWith('/api/concierge', {
      submission,
      documents: Object.fromEntries(docs.map(([f]) => [f, `id-${f}`])),
      acknowledged: true,
      website: '',
    });
    await waitFor(() => expect(screen.getByRole('heading', { name: 'Thank You!' })).toHaveFocus());
    expect(screen.getByText('Documents submitted successfully!')).toBeInTheDocument();
    expect(document.querySelector('form')).not.toBeVisible();
  });

  it('on failure keeps the files; a retry sends only what is missing, under the same submission', async () => {
    api.uploadFile.mockImplementation(async (_u: string, field: string) => {
      if (field === 'proofOfIncome' && api.uploadFile.mock.calls.length === 3) throw new ApiError(0);
      return { id: `id-${field}` };
    });
    await mountIsland(html, mount, props);
    const u = await chooseAll();
    await u.click(screen.getByRole('button', { name: 'Submit Documents' }));
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('Submission failed'));
    expect(screen.getByRole('alert')).toHaveTextContent('There was an error submitting your documents. Please try again or contact us directly.');
    expect(screen.getByRole('button', { name: 'Submit Documents' })).toBeEnabled();
    expect(api.postJson).not.toHaveBeenCalled();

    await u.click(screen.getByRole('button', { name: 'Submit Documents' }));
    await waitFor(() => expect(screen.getByRole('heading', { name: 'Thank You!' })).toBeInTheDocument());
    const fields = api.uploadFile.mock.calls.map((c) => c[1]);
    expect(fields).toEqual(['photoId', 'creditReport', 'proofOfIncome', 'proofOfIncome', 'bankStatement1', 'bankStatement2', 'bankStatement3']);
    const ids = new Set(api.uploadFile.mock.calls.map((c) => c[4].submission));
    expect(ids.size).toBe(1);
    expect(api.postJson.mock.calls[0][1].submission).toBe([...ids][0]);
  });

  it('a failed final step is retried with the same submission and no new uploads', async () => {
    api.postJson.mockRejectedValueOnce(new ApiError(0)).mockResolvedValueOnce({ ok: true });
    await mountIsland(html, mount, props);
    const u = await chooseAll();
    await u.click(screen.getByRole('button', { name: 'Submit Documents' }));
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('Submission failed'));
    await u.click(screen.getByRole('button', { name: 'Submit Documents' }));
    await waitFor(() => expect(screen.getByRole('heading', { name: 'Thank You!' })).toBeInTheDocument());
    expect(api.uploadFile).toHaveBeenCalledTimes(6);
    expect(api.postJson.mock.calls[0][1]).toEqual(api.postJson.mock.calls[1][1]);
  });
});
