// The island on the prerendered markup, with the network faked at its lowest level: uploads go
// through a fake XMLHttpRequest, the final step through a stubbed fetch, so lib/api runs as is.
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ConciergeProps } from '../lib/props';
import { resetToasts } from '../lib/toast';
import { mountIsland } from '../test/island';
import mount from './concierge-form';

const docs = [
  ['photoId', 'Government-issued Photo ID', ['jpeg', 'png', 'pdf'], 'Government-issued photo ID is required'],
  ['creditReport', 'Recent Credit Report', ['pdf'], 'Recent credit report is required'],
  [
    'proofOfIncome',
    'Proof of Income or Employment',
    ['jpeg', 'png', 'pdf'],
    'Proof of income or employment is required',
  ],
  ['bankStatement1', 'Bank Statement (Month 1)', ['pdf'], 'Bank statement for month 1 is required'],
  ['bankStatement2', 'Bank Statement (Month 2)', ['pdf'], 'Bank statement for month 2 is required'],
  ['bankStatement3', 'Bank Statement (Month 3)', ['pdf'], 'Bank statement for month 3 is required'],
] as const;
const HINT = 'E.g., pay stubs, W-2, or verification letter';
const ACK = 'I understand that an exclusive buyer broker agreement must be signed.';
const ACK_REQUIRED = 'You must acknowledge the exclusive broker agreement requirement';

const props: ConciergeProps = {
  max_file_bytes: 10 * 1024 * 1024,
  document_retention_days: 30,
  fields: [
    {
      name: 'name',
      label: 'Full Name',
      type: 'text',
      required: true,
      autocomplete: 'name',
      placeholder: null,
      options: [],
    },
    {
      name: 'email',
      label: 'Email',
      type: 'email',
      required: true,
      autocomplete: 'email',
      placeholder: null,
      options: [],
    },
    { name: 'phone', label: 'Phone', type: 'tel', required: true, autocomplete: 'tel', placeholder: null, options: [] },
  ],
  limits: { text_max: 200, message_max: 5000, body_max_bytes: 65536 },
  documents: docs.map(([field, label, accept, required_message]) => ({
    field,
    label,
    kind: label,
    hint: field === 'proofOfIncome' ? HINT : null,
    accept: [...accept],
    required_message,
  })),
  acknowledgment: { field: 'acknowledgment', label: ACK, required_message: ACK_REQUIRED },
  subject: 's',
  submit: 'Submit Documents',
  submitting: 'Submitting Documents...',
  toasts: {
    too_large: { title: 'File too large', description: 'Please upload a file smaller than 10MB.' },
    invalid_type: { title: 'Invalid file type', description: 'Please upload a file in the accepted format.' },
    success: {
      title: 'Documents submitted successfully!',
      description: 'Thank you! Your documents have been received. A member of our team will be in touch shortly.',
    },
    failure: {
      title: 'Submission failed',
      description: 'There was an error submitting your documents. Please try again or contact us directly.',
    },
  },
  thank_you: {
    title: 'Thank You!',
    description: 'Your documents have been received. A member of our team will be in touch shortly.',
  },
  honeypot: 'website',
  dismiss: 'Dismiss notification',
  messages: {
    required: '{label} is required.',
    email: 'Please enter a valid email address.',
    phone: '',
    too_long: '',
    option: '',
    listing: '',
  },
  action: '/api/concierge',
  api: {
    lead: '',
    listing_request: '',
    contact: '',
    quiz: '',
    concierge_submissions: '/api/concierge/submissions',
    submission_token_header: 'X-Submission-Token',
    submission_token_field: 'submission_token',
    concierge_documents: '/api/concierge/documents',
    concierge: '/api/concierge',
    idempotency_key: 'idempotency_key',
    listing_field: 'listing',
    bot_check: '/api/bot-check',
    bot_check_field: 'cf-turnstile-response',
    bot_check_header: 'CF-Turnstile-Response',
    bot_check_script: 'https://challenges.cloudflare.com/turnstile/v0/api.js?render=explicit',
  },
};

// As generator/render/templates/concierge.html writes it.
const html = `<section aria-labelledby="documents-title"><div class="concierge__card" data-island="concierge-form">
<h2 class="concierge__title" id="documents-title">Required Documents</h2><p class="concierge__text">Upload.</p>
<form class="form" id="concierge-form" method="post" action="/api/concierge" enctype="multipart/form-data" aria-labelledby="documents-title">
<div class="form__grid concierge__client">${[
  ['name', 'Full Name', 'text', 'Ana Ruiz'],
  ['email', 'Email', 'email', 'ana@example.com'],
  ['phone', 'Phone', 'tel', '(904) 555-0147'],
]
  .map(
    ([n, label, type, value]) =>
      `<div class="field"><label class="field__label" for="concierge-${n}">${label}</label><input class="field__control" id="concierge-${n}" name="${n}" type="${type}" value="${value}" required></div>`,
  )
  .join('')}</div>
<div class="documents">${docs
  .map(([f, label]) => {
    const hint = f === 'proofOfIncome' ? `<p class="document__hint" id="concierge-${f}-hint">${HINT}</p>` : '';
    const describedby = hint ? ` aria-describedby="concierge-${f}-hint"` : '';
    return `<div class="document"><label class="document__label" for="concierge-${f}"><span>${label}</span></label>${hint}<input class="document__input" type="file" id="concierge-${f}" name="${f}" required${describedby}></div>`;
  })
  .join('')}</div>
<div class="check"><input class="check__box" type="checkbox" id="concierge-acknowledgment" name="acknowledgment" value="yes" required><label class="check__label" for="concierge-acknowledgment">${ACK}</label></div>
<div class="visually-hidden" aria-hidden="true"><label for="concierge-website">website</label><input type="text" id="concierge-website" name="website" tabindex="-1" autocomplete="off"></div>
<button class="btn btn--navy form__submit" type="submit">Submit Documents</button></form></div></section>`;

/** What the fake server does with an upload: answer at once, fail, or hold it for the test. */
type Plan = 'ok' | 'network' | 'hold' | { status: number; body: unknown };

class FakeXHR {
  static sent: FakeXHR[] = [];
  static plan: (xhr: FakeXHR) => Plan = () => 'ok';
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
  body!: File;
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  headers: Record<string, string> = {};
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  abort() {}
  get query() {
    return new URL(this.url, 'http://x').searchParams;
  }
  get field() {
    return String(this.query.get('field'));
  }
  get file() {
    return this.body;
  }
  send(body: File) {
    this.body = body;
    FakeXHR.sent.push(this);
    const plan = FakeXHR.plan(this);
    if (plan === 'hold') return;
    queueMicrotask(() =>
      plan === 'network'
        ? this.onerror?.()
        : this.respond(plan === 'ok' ? 201 : plan.status, plan === 'ok' ? { id: `id-${this.field}` } : plan.body),
    );
  }
  progress(fraction: number) {
    const total = this.file.size;
    this.upload.onprogress?.({ lengthComputable: true, loaded: total * fraction, total });
  }
  respond(status: number, body: unknown) {
    this.progress(1);
    this.status = status;
    this.responseText = JSON.stringify(body);
    this.onload?.();
  }
}

const fetchMock = vi.fn<(url: string, init: RequestInit) => Promise<Response>>();
/** The submissions the worker minted (step 0 goes here, every other request to fetchMock). */
let begun: { submission: string; token: string }[] = [];
const worker = (url: string, init: RequestInit) => {
  if (url !== '/api/concierge/submissions') return fetchMock(url, init);
  begun.push({ submission: crypto.randomUUID(), token: `token-${begun.length}` });
  return Promise.resolve(json(201, begun.at(-1)));
};
const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
type Final = {
  name: string;
  email: string;
  phone: string;
  submission: string;
  submission_token: string;
  documents: Record<string, string>;
  acknowledgment: boolean;
  website: string;
};
/** The final requests' bodies. */
const finals = () =>
  fetchMock.mock.calls.map(([url, init]) => [url, JSON.parse(init.body as string) as Final] as const);

beforeEach(() => {
  resetToasts();
  FakeXHR.sent = [];
  FakeXHR.plan = () => 'ok';
  vi.stubGlobal('XMLHttpRequest', FakeXHR);
  fetchMock.mockReset().mockImplementation(() => Promise.resolve(json(200, { ok: true })));
  begun = [];
  vi.stubGlobal('fetch', worker);
});
afterEach(() => {
  vi.unstubAllGlobals();
  document.querySelectorAll('.toaster').forEach((t) => t.remove());
});

const PDF = '%PDF-1.7 test';
const pdf = (name: string) => new File([PDF], name, { type: 'application/pdf' });
const user = () => userEvent.setup({ applyAccept: false });
const input = (label: string) => screen.getByLabelText<HTMLInputElement>(label, { selector: 'input' });
const submitButton = () => screen.getByRole('button', { name: /Submit/ });
const documentOf = (label: string) => input(label).closest('.document') as HTMLElement;

async function chooseAll(u = user()) {
  for (const [, label] of docs) await u.upload(input(label), pdf(`${label}.pdf`));
  await u.click(screen.getByLabelText(ACK));
  return u;
}

describe('client concierge: choosing files', () => {
  it('refuses a file over 10 MB with a toast and clears the input', async () => {
    await mountIsland(html, mount, props);
    const big = new File([PDF, new Uint8Array(props.max_file_bytes)], 'scan.pdf', { type: 'application/pdf' });
    await user().upload(input('Recent Credit Report'), big);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('File too large');
    expect(alert).toHaveTextContent('Please upload a file smaller than 10MB.');
    expect(input('Recent Credit Report').value).toBe('');
    expect(input('Recent Credit Report').files).toHaveLength(0);
  });

  it('takes a file of exactly 10 MB', async () => {
    await mountIsland(html, mount, props);
    const max = new File([PDF, new Uint8Array(props.max_file_bytes - PDF.length)], 'scan.pdf');
    await user().upload(input('Recent Credit Report'), max);
    await new Promise((r) => setTimeout(r, 20));
    expect(screen.queryByRole('alert')).toBeNull();
    expect(input('Recent Credit Report').files).toHaveLength(1);
  });

  it('refuses a file whose first bytes are not an accepted type, whatever its name, and clears the input', async () => {
    await mountIsland(html, mount, props);
    const png = new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1])], 'statement.pdf', {
      type: 'application/pdf',
    });
    await user().upload(input('Bank Statement (Month 1)'), png);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Invalid file type');
    expect(alert).toHaveTextContent('Please upload a file in the accepted format.');
    expect(input('Bank Statement (Month 1)').value).toBe('');
    // The same PNG is fine where images are accepted.
    await user().upload(input('Government-issued Photo ID'), png);
    await new Promise((r) => setTimeout(r, 20));
    expect(screen.getAllByRole('alert')).toHaveLength(1);
    expect(input('Government-issued Photo ID').files).toHaveLength(1);
  });
});

describe('client concierge: what the page held before the island woke', () => {
  // Files chosen (or restored by the browser) and the box checked before the island was live,
  // and the Submit the early script hands over once it is.
  const early =
    (files: [string, File][], check = true) =>
    async () => {
      const u = userEvent.setup({ applyAccept: false });
      for (const [label, file] of files) await u.upload(input(label), file);
      if (check) await u.click(screen.getByLabelText(ACK));
    };

  it('checks each file the inputs already hold: a refused one is toasted and cleared, a good one kept', async () => {
    const gif = new File(['GIF89a not a pdf'], 'report.pdf', { type: 'application/pdf' });
    await mountIsland(
      html,
      mount,
      props,
      undefined,
      early([
        ['Government-issued Photo ID', pdf('id.pdf')],
        ['Recent Credit Report', gif],
      ]),
    );
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Invalid file type');
    expect(input('Recent Credit Report').value).toBe('');
    // The change event of the same choice, handed over as well, checks nothing twice.
    act(() => void input('Government-issued Photo ID').dispatchEvent(new Event('change', { bubbles: true })));
    act(() => void input('Recent Credit Report').dispatchEvent(new Event('change', { bubbles: true })));
    await new Promise((r) => setTimeout(r, 20));
    expect(screen.getAllByRole('alert')).toHaveLength(1);
    // Only the refused one and the untouched ones are missing.
    act(() => void submitButton().click());
    expect(await screen.findByText('Recent credit report is required')).toBeInTheDocument();
    expect(screen.queryByText('Government-issued photo ID is required')).toBeNull();
    expect(screen.queryByText(ACK_REQUIRED)).toBeNull();
  });

  it('a Submit handed over the moment it wakes waits for the checks of the files chosen before, then files them', async () => {
    const all = docs.map(([, label]) => [label, pdf(`${label}.pdf`)] as [string, File]);
    await mountIsland(html, mount, props, 'button[type="submit"]', early(all));
    await waitFor(() => expect(FakeXHR.sent).toHaveLength(6));
    await screen.findByRole('heading', { name: 'Thank You!' });
    expect(FakeXHR.sent.map((x) => x.file.name)).toEqual(docs.map(([, label]) => `${label}.pdf`));
    expect(screen.queryByText(/is required/)).toBeNull();
  });
});

describe('client concierge: checks on submit', () => {
  it('names every missing document and the acknowledgment beside its control, focuses the first, sends nothing', async () => {
    await mountIsland(html, mount, props);
    await user().click(submitButton());
    for (const [, label, , message] of docs) {
      expect(within(documentOf(label)).getByText(message)).toBeInTheDocument();
      expect(input(label)).toHaveAttribute('aria-invalid', 'true');
      expect(input(label)).toHaveAccessibleDescription(expect.stringContaining(message));
    }
    // The hint stays part of the description.
    expect(input('Proof of Income or Employment')).toHaveAccessibleDescription(
      `${HINT} Proof of income or employment is required`,
    );
    expect(screen.getByLabelText(ACK)).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText(ACK)).toHaveAccessibleDescription(ACK_REQUIRED);
    expect(input('Government-issued Photo ID')).toHaveFocus();
    expect(FakeXHR.sent).toHaveLength(0);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("asks who the client is before any upload: the worker's checks mirrored, the first problem focused", async () => {
    await mountIsland(html, mount, props);
    const u = await chooseAll();
    await u.clear(input('Full Name'));
    await u.clear(input('Email'));
    await u.type(input('Email'), 'ana@');
    await u.click(submitButton());
    expect(input('Full Name')).toHaveAccessibleDescription('Full Name is required.');
    expect(input('Email')).toHaveAccessibleDescription('Please enter a valid email address.');
    expect(input('Full Name')).toHaveFocus();
    expect(FakeXHR.sent).toHaveLength(0);
    // Fixed, the set is filed with who sent it.
    await u.type(input('Full Name'), '  Ana Ruiz ');
    await u.clear(input('Email'));
    await u.type(input('Email'), 'ana@example.com');
    expect(input('Full Name')).not.toHaveAttribute('aria-invalid');
    await u.click(submitButton());
    await waitFor(() => expect(finals()).toHaveLength(1));
    expect(finals()[0][1]).toMatchObject({ name: 'Ana Ruiz', email: 'ana@example.com', phone: '(904) 555-0147' });
  });

  it('focuses the acknowledgment when it is all that is missing, and clears a message once fixed', async () => {
    await mountIsland(html, mount, props);
    const u = user();
    for (const [, label] of docs) await u.upload(input(label), pdf(`${label}.pdf`));
    await u.click(submitButton());
    expect(screen.getByText(ACK_REQUIRED)).toBeInTheDocument();
    expect(screen.getByLabelText(ACK)).toHaveFocus();
    for (const [, , , message] of docs) expect(screen.queryByText(message)).toBeNull();
    expect(input('Recent Credit Report')).not.toHaveAttribute('aria-invalid');
    await u.click(screen.getByLabelText(ACK));
    expect(screen.queryByText(ACK_REQUIRED)).toBeNull();
    expect(screen.getByLabelText(ACK)).not.toHaveAttribute('aria-invalid');
  });
});

describe('client concierge: sending', () => {
  it('shows the sending state with a labelled progress bar per document, then the Thank You card', async () => {
    FakeXHR.plan = (x) => (x.field === 'proofOfIncome' ? 'hold' : 'ok');
    await mountIsland(html, mount, props);
    const u = await chooseAll();
    await u.click(submitButton());
    await waitFor(() => expect(FakeXHR.sent).toHaveLength(3));
    const held = FakeXHR.sent[2];
    act(() => held.progress(0.5));

    const button = screen.getByRole('button', { name: 'Submitting Documents...' });
    expect(button).toBeDisabled();
    expect(screen.getAllByRole('progressbar')).toHaveLength(6);
    expect(screen.getByRole('progressbar', { name: 'Recent Credit Report' })).toHaveAttribute('aria-valuenow', '100');
    expect(screen.getByRole('progressbar', { name: 'Proof of Income or Employment' })).toHaveAttribute(
      'aria-valuenow',
      '50',
    );
    expect(screen.getByRole('progressbar', { name: 'Bank Statement (Month 3)' })).toHaveAttribute('aria-valuenow', '0');
    expect(within(documentOf('Proof of Income or Employment')).getByRole('progressbar')).toBeInTheDocument();
    expect(input('Recent Credit Report')).toBeDisabled();
    expect(fetchMock).not.toHaveBeenCalled();

    act(() => held.respond(201, { id: 'id-proofOfIncome' }));
    await screen.findByRole('heading', { name: 'Thank You!' });

    // Each document went alone, with the submission and its field.
    expect(
      FakeXHR.sent.map((x) => [
        x.method,
        new URL(x.url, 'http://x').pathname,
        x.field,
        x.query.get('name'),
        x.file.name,
      ]),
    ).toEqual(docs.map(([f, label]) => ['POST', '/api/concierge/documents', f, `${label}.pdf`, `${label}.pdf`]));
    // The body is the file itself.
    expect(FakeXHR.sent.every((x) => x.file instanceof File)).toBe(true);
    const submission = String(FakeXHR.sent[0].query.get('submission'));
    expect(submission).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(FakeXHR.sent.every((x) => x.query.get('submission') === submission)).toBe(true);
    // The worker's submission, and its token with every upload and the filing.
    expect(begun).toEqual([{ submission, token: 'token-0' }]);
    expect(FakeXHR.sent.every((x) => x.headers['X-Submission-Token'] === 'token-0')).toBe(true);
    expect(finals()).toEqual([
      [
        '/api/concierge',
        {
          name: 'Ana Ruiz',
          email: 'ana@example.com',
          phone: '(904) 555-0147',
          submission,
          submission_token: 'token-0',
          documents: Object.fromEntries(docs.map(([f]) => [f, `id-${f}`])),
          acknowledgment: true,
          website: '',
        },
      ],
    ]);
  });

  it('on success toasts, replaces the form with the Thank You card and focuses its heading', async () => {
    await mountIsland(html, mount, props);
    const u = await chooseAll();
    await u.click(submitButton());
    const heading = await screen.findByRole('heading', { name: 'Thank You!' });
    await waitFor(() => expect(heading).toHaveFocus());
    expect(screen.getByText(props.thank_you.description)).toBeVisible();
    expect(screen.getByText('Documents submitted successfully!')).toBeInTheDocument();
    expect(screen.getByText(props.toasts.success.description)).toBeInTheDocument();
    expect(document.querySelector('form')).not.toBeVisible();
    expect(screen.queryByRole('button', { name: /Submit/ })).toBeNull();
  });
});

describe('client concierge: failure and retry', () => {
  it('after a failed upload keeps the files (names shown), and a retry sends only what is missing under the same submission', async () => {
    let failOnce = true;
    FakeXHR.plan = (x) => {
      if (x.field === 'proofOfIncome' && failOnce) {
        failOnce = false;
        return 'network';
      }
      return 'ok';
    };
    await mountIsland(html, mount, props);
    const u = await chooseAll();
    await u.click(submitButton());
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Submission failed');
    expect(alert).toHaveTextContent(
      'There was an error submitting your documents. Please try again or contact us directly.',
    );
    expect(fetchMock).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Submit Documents' })).toBeEnabled();
    expect(screen.queryAllByRole('progressbar')).toHaveLength(0);
    for (const [, label] of docs) {
      expect(within(documentOf(label)).getByText(`${label}.pdf`)).toBeInTheDocument();
      expect(input(label)).toHaveAccessibleDescription(expect.stringContaining(`${label}.pdf`));
    }
    // The inputs looking empty must not matter: the island holds the files.
    for (const [, label] of docs) Object.defineProperty(input(label), 'files', { value: [] });

    await u.click(submitButton());
    await screen.findByRole('heading', { name: 'Thank You!' });
    expect(FakeXHR.sent.map((x) => x.field)).toEqual([
      'photoId',
      'creditReport',
      'proofOfIncome',
      'proofOfIncome',
      'bankStatement1',
      'bankStatement2',
      'bankStatement3',
    ]);
    const ids = new Set(FakeXHR.sent.map((x) => x.query.get('submission')));
    expect(ids.size).toBe(1);
    expect(finals()[0][1].submission).toBe([...ids][0]);
    expect(finals()[0][1].documents).toEqual(Object.fromEntries(docs.map(([f]) => [f, `id-${f}`])));
  });

  it('after a failed final request retries it alone, with the same submission and body', async () => {
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    await mountIsland(html, mount, props);
    const u = await chooseAll();
    await u.click(submitButton());
    expect(await screen.findByRole('alert')).toHaveTextContent('Submission failed');
    await u.click(submitButton());
    await screen.findByRole('heading', { name: 'Thank You!' });
    expect(FakeXHR.sent).toHaveLength(6);
    const [first, second] = finals();
    expect(second).toEqual(first);
    expect(begun).toHaveLength(1);
  });

  it('a server error status fails like a network error', async () => {
    fetchMock.mockResolvedValueOnce(json(503, {}));
    await mountIsland(html, mount, props);
    const u = await chooseAll();
    await u.click(submitButton());
    expect(await screen.findByRole('alert')).toHaveTextContent('Submission failed');
    expect(screen.queryByRole('heading', { name: 'Thank You!' })).toBeNull();
    expect(within(documentOf('Recent Credit Report')).getByText('Recent Credit Report.pdf')).toBeInTheDocument();
  });

  it('a document the server refuses shows its message and must be chosen again; the others are not re-sent', async () => {
    let refuse = true;
    FakeXHR.plan = (x) => {
      if (x.field === 'creditReport' && refuse) {
        refuse = false;
        return { status: 415, body: { errors: [{ field: 'creditReport', message: 'Not a PDF' }] } };
      }
      return 'ok';
    };
    await mountIsland(html, mount, props);
    const u = await chooseAll();
    await u.click(submitButton());
    expect(await screen.findByRole('alert')).toHaveTextContent('Submission failed');
    expect(within(documentOf('Recent Credit Report')).getByText('Not a PDF')).toBeInTheDocument();
    expect(input('Recent Credit Report')).toHaveAttribute('aria-invalid', 'true');
    expect(within(documentOf('Recent Credit Report')).queryByText('Recent Credit Report.pdf')).toBeNull();

    await u.click(submitButton());
    expect(screen.getByText('Recent credit report is required')).toBeInTheDocument();
    expect(input('Recent Credit Report')).toHaveFocus();

    await u.upload(input('Recent Credit Report'), pdf('again.pdf'));
    await u.click(submitButton());
    await screen.findByRole('heading', { name: 'Thank You!' });
    expect(FakeXHR.sent.map((x) => x.field)).toEqual([
      'photoId',
      'creditReport',
      'creditReport',
      'proofOfIncome',
      'bankStatement1',
      'bankStatement2',
      'bankStatement3',
    ]);
    expect(FakeXHR.sent[2].file.name).toBe('again.pdf');
  });
});

describe('client concierge: the prerendered form', () => {
  it('keeps the honeypot empty and out of reach, and sends what a bot typed into it', async () => {
    await mountIsland(html, mount, props);
    const trap = document.querySelector<HTMLInputElement>('input[name="website"]')!;
    expect(trap.value).toBe('');
    expect(trap.tabIndex).toBe(-1);
    expect(trap.closest('[aria-hidden="true"]')).not.toBeNull();
    trap.value = 'spam';
    const u = await chooseAll();
    await u.click(submitButton());
    await screen.findByRole('heading', { name: 'Thank You!' });
    expect(finals()[0][1].website).toBe('spam');
  });

  it('adds no box to the form until there is something to show', async () => {
    const host = await mountIsland(html, mount, props);
    for (const slot of host.querySelectorAll<HTMLElement>('[data-slot]')) {
      expect(slot.style.display).toBe('contents');
      expect(slot.childElementCount).toBe(0);
    }
    // One beside each of the client's three details, each of the six documents, the acknowledgment.
    expect(host.querySelectorAll('[data-slot]')).toHaveLength(10);
    expect(host.querySelector('[data-island-root]')!.childElementCount).toBe(0);
  });
});
