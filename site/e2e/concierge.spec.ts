import { expect, test } from './fixtures';

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
  expect(uploads.every((c) => c.contentType === 'multipart/form-data')).toBe(true);
  // Resubmitted without choosing the files again; nothing is uploaded twice.
  await page.getByRole('button', { name: 'Submit Documents' }).click();
  await expect(page.getByRole('heading', { name: 'Thank You!' })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'Documents submitted successfully!' })).toBeVisible();
  expect(api.calls.filter((c) => c.path === '/api/concierge/documents')).toHaveLength(6);
  const finals = api.calls.filter((c) => c.path === '/api/concierge');
  expect(finals).toHaveLength(2);
  expect(finals[0].json).toEqual(finals[1].json);
  expect(finals[1].json).toMatchObject({ acknowledged: true });
});
