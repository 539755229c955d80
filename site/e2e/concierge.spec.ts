import { randomBytes, randomUUID } from 'node:crypto';
import { contentValue, expect, test } from './fixtures';
import { BASE, emailjs } from './stack';

const pdf = (name: string) => ({ name, mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.7\n%test\n') });

test('Client Concierge: checks, messages, uploads one by one, Thank You', async ({ page, api }) => {
  await page.goto('/client-concierge/');
  const inputs = page.locator('input[type="file"]');
  await expect(inputs).toHaveCount(6);
  await expect(page.locator('.concierge__card[data-hydrated="true"]')).toBeAttached({ timeout: 10_000 });
  await page.getByRole('button', { name: 'Submit Documents' }).click();
  for (const message of [
    'Government-issued photo ID is required',
    'Recent credit report is required',
    'Proof of income or employment is required',
    'Bank statement for month 1 is required',
    'Bank statement for month 2 is required',
    'Bank statement for month 3 is required',
    'You must acknowledge the exclusive broker agreement requirement',
  ])
    await expect(page.getByText(message, { exact: true })).toBeVisible();

  await inputs.nth(1).setInputFiles({ name: 'big.pdf', mimeType: 'application/pdf', buffer: Buffer.alloc(10 * 1024 * 1024 + 1, 0x25) });
  await expect(page.getByRole('alert').filter({ hasText: 'File too large' })).toContainText('Please upload a file smaller than 10MB.');
  await expect(inputs.nth(1)).toHaveValue('');
  await inputs.nth(3).setInputFiles({ name: 'statement.pdf', mimeType: 'application/pdf', buffer: Buffer.from('GIF89a not a pdf') });
  await expect(page.getByRole('alert').filter({ hasText: 'Invalid file type' })).toContainText('Please upload a file in the accepted format.');
  await expect(inputs.nth(3)).toHaveValue('');

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
  await expect(page.getByText('Your documents have been received. A member of our team will be in touch shortly.', { exact: true })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'Documents submitted successfully!' })).toContainText(
    'Thank you! Your documents have been received. A member of our team will be in touch shortly.',
  );
  expect(api.calls.filter((c) => c.path === '/api/concierge/documents')).toHaveLength(6);
  const finals = api.calls.filter((c) => c.path === '/api/concierge');
  expect(finals).toHaveLength(2);
  expect(finals[0].json).toEqual(finals[1].json);
  expect(finals[1].json).toMatchObject({ acknowledgment: true });
});

test('Client Concierge through the real worker: six documents filed, one e-mail with six links, each downloading the exact bytes', async ({ page, consoleErrors }) => {
  await page.goto('/client-concierge/');
  const inputs = page.locator('input[type="file"]');
  await expect(page.locator('.concierge__card[data-hydrated="true"]')).toBeAttached({ timeout: 10_000 });
  // Each file unique to this run, so the e-mail can be told apart and the bytes compared.
  const run = randomUUID();
  const files = [
    { name: `Führerschein ${run.slice(0, 8)}.png`, mimeType: 'image/png', buffer: Buffer.concat([Buffer.from('\x89PNG\r\n\x1a\n', 'latin1'), Buffer.from(run), randomBytes(2048)]) },
    ...[1, 2, 3, 4, 5].map((i) => ({ name: `doc-${i}.pdf`, mimeType: 'application/pdf', buffer: Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.from(`${run}-${i}`), randomBytes(4096)]) })),
  ];
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
  expect(mail.template_params).toMatchObject({ to_email: contentValue('site.yaml', 'email'), subject: 'New Client Concierge Document Submission' });
  const message = mail.template_params.message;
  for (const kind of ['Government ID', 'Credit Report', 'Proof of Income', 'Bank Statement Month 1', 'Bank Statement Month 2', 'Bank Statement Month 3'])
    expect(message).toMatch(new RegExp(`\\n${kind}: `));
  const links = message.match(/https?:\/\/\S+\/api\/documents\/\S+/g) ?? [];
  expect(links).toHaveLength(6);
  for (const [i, field] of ['photoId', 'creditReport', 'proofOfIncome', 'bankStatement1', 'bankStatement2', 'bankStatement3'].entries()) {
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
  for (const altered of [`${url.origin}${url.pathname}?expires=${url.searchParams.get('expires')}&sig=${other}`, `${url.origin}${url.pathname}?expires=${Number(url.searchParams.get('expires')) + 60}&sig=${sig}`, links[1].replace(/-bankStatement|-creditReport|-proofOfIncome/, '-photoId')]) {
    const refused = await page.request.get(altered);
    expect(refused.status(), altered).toBe(403);
    expect(await refused.text()).not.toContain(run);
  }
});
