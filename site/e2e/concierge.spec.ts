import { randomBytes, randomUUID } from 'node:crypto';
import { contentValue, expect, test } from './fixtures';
import { BASE, emailjs } from './stack';

const pdf = (name: string) => ({ name, mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.7\n%test\n') });

/** Who the client is, as the form asks before the documents. */
async function identify(page: import('@playwright/test').Page, email = 'ana@example.com') {
  await page.getByLabel('Full Name').fill('Ana Ruiz');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Phone').fill('(904) 555-0147');
}

test('the portal says who sees the documents, how they are kept, and when they are deleted (the figure from content)', async ({
  page,
}) => {
  await page.goto('/client-concierge/');
  const trust = page.getByRole('heading', { name: 'Who sees your documents, and for how long' }).locator('..');
  await expect(trust.getByRole('listitem')).toHaveText([
    `${contentValue('site.yaml', 'name')} reviews them herself; no one else at Move to JAX opens them.`,
    'They are stored privately and encrypted, never on a public page or in an e-mail attachment.',
    `${contentValue('site.yaml', 'name')} reaches them only through download links that expire.`,
    `They are deleted ${contentValue('forms.yaml', 'document_retention_days')} days after you submit them.`,
  ]);
  await expect(trust.getByRole('link', { name: /privacy policy/ })).toHaveAttribute('href', '/privacy-policy/');
  // The client's details come first, then the six documents.
  const order = await page
    .locator('#concierge-form')
    .locator('input:not([type=hidden]):not([tabindex="-1"])')
    .evaluateAll((els) => els.map((e) => (e as HTMLInputElement).name));
  expect(order.slice(0, 4)).toEqual(['name', 'email', 'phone', 'photoId']);
});

test('Client Concierge: checks, messages, uploads one by one, Thank You', async ({ page, api }) => {
  await page.goto('/client-concierge/');
  const inputs = page.locator('input[type="file"]');
  await expect(inputs).toHaveCount(6);
  await expect(page.locator('.concierge__card[data-hydrated="true"]')).toBeAttached({ timeout: 10_000 });
  await page.getByRole('button', { name: 'Submit Documents' }).click();
  for (const message of [
    'Full Name is required.',
    'Email is required.',
    'Phone is required.',
    'Government-issued photo ID is required',
    'Recent credit report is required',
    'Proof of income or employment is required',
    'Bank statement for month 1 is required',
    'Bank statement for month 2 is required',
    'Bank statement for month 3 is required',
    'You must acknowledge the exclusive broker agreement requirement',
  ])
    await expect(page.getByText(message, { exact: true })).toBeVisible();

  await inputs
    .nth(1)
    .setInputFiles({ name: 'big.pdf', mimeType: 'application/pdf', buffer: Buffer.alloc(10 * 1024 * 1024 + 1, 0x25) });
  await expect(page.getByRole('alert').filter({ hasText: 'File too large' })).toContainText(
    'Please upload a file smaller than 10MB.',
  );
  await expect(inputs.nth(1)).toHaveValue('');
  await inputs
    .nth(3)
    .setInputFiles({ name: 'statement.pdf', mimeType: 'application/pdf', buffer: Buffer.from('GIF89a not a pdf') });
  await expect(page.getByRole('alert').filter({ hasText: 'Invalid file type' })).toContainText(
    'Please upload a file in the accepted format.',
  );
  await expect(inputs.nth(3)).toHaveValue('');

  await identify(page);
  for (let i = 0; i < 6; i++) await inputs.nth(i).setInputFiles(pdf(`doc-${i}.pdf`));
  await page.getByRole('checkbox').check();
  let failOnce = true;
  api.answer = (c) => {
    if (c.path === '/api/concierge' && failOnce) {
      failOnce = false;
      return { status: 500 };
    }
    return { status: 200, json: c.path.endsWith('/documents') ? { id: `id-${api.calls.length}` } : { ok: true } };
  };
  await page.getByRole('button', { name: 'Submit Documents' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Submission failed' })).toContainText(
    'There was an error submitting your documents. Please try again or contact us directly.',
  );
  const uploads = api.calls.filter((c) => c.path === '/api/concierge/documents');
  expect(uploads).toHaveLength(6);
  // Each document alone, the file itself as the body, the query saying what it is.
  expect(uploads.map((c) => c.query.get('name'))).toEqual([0, 1, 2, 3, 4, 5].map((i) => `doc-${i}.pdf`));
  expect(new Set(uploads.map((c) => c.query.get('submission'))).size).toBe(1);
  expect(uploads.every((c) => c.body?.equals(pdf('x').buffer))).toBe(true);
  // Resubmitted without choosing the files again; nothing is uploaded twice. While it is on its
  // way the button says so and cannot be pressed again.
  let release!: () => void;
  const held = new Promise<void>((r) => (release = r));
  await page.route('**/api/concierge', async (route) => {
    await held;
    await route.fallback();
  });
  await page.getByRole('button', { name: 'Submit Documents' }).click();
  await expect(page.getByRole('button', { name: 'Submitting Documents...' })).toBeDisabled();
  release();
  await expect(page.getByRole('heading', { name: 'Thank You!' })).toBeVisible();
  await expect(
    page.getByText('Your documents have been received. A member of our team will be in touch shortly.', {
      exact: true,
    }),
  ).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'Documents submitted successfully!' })).toContainText(
    'Thank you! Your documents have been received. A member of our team will be in touch shortly.',
  );
  expect(api.calls.filter((c) => c.path === '/api/concierge/documents')).toHaveLength(6);
  const finals = api.calls.filter((c) => c.path === '/api/concierge');
  expect(finals).toHaveLength(2);
  expect(finals[0].json).toEqual(finals[1].json);
  expect(finals[1].json).toMatchObject({
    name: 'Ana Ruiz',
    email: 'ana@example.com',
    phone: '(904) 555-0147',
    acknowledgment: true,
  });
});

test('Client Concierge through the real worker: six documents filed, one e-mail with six links, each downloading the exact bytes', async ({
  page,
  consoleErrors,
}) => {
  await page.goto('/client-concierge/');
  const inputs = page.locator('input[type="file"]');
  await expect(page.locator('.concierge__card[data-hydrated="true"]')).toBeAttached({ timeout: 10_000 });
  // Each file unique to this run, so the e-mail can be told apart and the bytes compared.
  const run = randomUUID();
  const files = [
    {
      name: `Führerschein ${run.slice(0, 8)}.png`,
      mimeType: 'image/png',
      buffer: Buffer.concat([Buffer.from('\x89PNG\r\n\x1a\n', 'latin1'), Buffer.from(run), randomBytes(2048)]),
    },
    ...[1, 2, 3, 4, 5].map((i) => ({
      name: `doc-${i}.pdf`,
      mimeType: 'application/pdf',
      buffer: Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.from(`${run}-${i}`), randomBytes(4096)]),
    })),
  ];
  await identify(page, `ana.${run.slice(0, 8)}@example.com`);
  for (const [i, file] of files.entries()) await inputs.nth(i).setInputFiles(file);
  await page.getByRole('checkbox').check();
  const uploads: number[] = [];
  page.on('response', (r) => r.url().includes('/api/concierge/documents') && uploads.push(r.status()));
  await page.getByRole('button', { name: 'Submit Documents' }).click();
  await expect(page.getByRole('heading', { name: 'Thank You!' })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'Documents submitted successfully!' })).toBeVisible();
  expect(uploads).toEqual([201, 201, 201, 201, 201, 201]);
  expect(consoleErrors).toEqual([]);

  // The agent's e-mail: one, naming each document, with a signed link to each.
  const submission = (await page.evaluate(() => performance.getEntriesByType('resource').map((e) => e.name)))
    .map((u) => new URL(u))
    .find((u) => u.pathname === '/api/concierge/documents')
    ?.searchParams.get('submission');
  expect(submission).toBeTruthy();
  const [mail] = await emailjs.waitFor(submission!);
  expect(mail.template_params).toMatchObject({
    to_email: contentValue('site.yaml', 'email'),
    subject: 'New Client Concierge Document Submission',
    from_name: 'Ana Ruiz',
  });
  const message = mail.template_params.message;
  expect(message).toContain(
    `\nFull Name: Ana Ruiz\nEmail: ana.${run.slice(0, 8)}@example.com\nPhone: (904) 555-0147\n`,
  );
  for (const kind of [
    'Government ID',
    'Credit Report',
    'Proof of Income',
    'Bank Statement Month 1',
    'Bank Statement Month 2',
    'Bank Statement Month 3',
  ])
    expect(message).toMatch(new RegExp(`\\n${kind}: `));
  const links = message.match(/https?:\/\/\S+\/api\/documents\/\S+/g) ?? [];
  expect(links).toHaveLength(6);
  for (const [i, field] of [
    'photoId',
    'creditReport',
    'proofOfIncome',
    'bankStatement1',
    'bankStatement2',
    'bankStatement3',
  ].entries()) {
    const link = links.find((l) => l.includes(`-${field}-`))!;
    expect(new URL(link).origin).toBe(BASE);
    const download = await page.request.get(link);
    expect(download.status()).toBe(200);
    expect((await download.body()).equals(files[i].buffer), `${field} downloads its exact bytes`).toBe(true);
    expect(download.headers()['content-disposition']).toMatch(/^attachment;/);
    expect(download.headers()['cache-control']).toBe('no-store');
  }
  const photo = await page.request.get(links.find((l) => l.includes('-photoId-'))!);
  expect(photo.headers()['content-disposition']).toContain(`filename*=UTF-8''${encodeURIComponent(files[0].name)}`);

  // A link altered in any part is refused, and says nothing about why.
  const url = new URL(links[0]!);
  const sig = url.searchParams.get('sig')!;
  const other = (sig[0] === 'a' ? 'b' : 'a') + sig.slice(1);
  for (const altered of [
    `${url.origin}${url.pathname}?expires=${url.searchParams.get('expires')}&sig=${other}`,
    `${url.origin}${url.pathname}?expires=${Number(url.searchParams.get('expires')) + 60}&sig=${sig}`,
    links[1].replace(/-bankStatement|-creditReport|-proofOfIncome/, '-photoId'),
  ]) {
    const refused = await page.request.get(altered);
    expect(refused.status(), altered).toBe(403);
    expect(await refused.text()).not.toContain(run);
  }
});
