// Every request a visitor sends, through the UI and the real edge worker, to the exact e-mail the
// fake EmailJS receives: the five request forms, the quiz, the provider outage (kept, then
// delivered by the scheduled retry), and without JavaScript the contact form and the concierge
// portal's one multipart post.
import { randomUUID } from 'node:crypto';
import type { Page } from '@playwright/test';
import { contentValue, dialog, expect, fillDialog, test, openContactWidget } from './fixtures';
import { BASE, STACK_ENV, emailjs, type Send } from './stack';

const AGENT = contentValue('site.yaml', 'email');
const SUCCESS = 'Thank you, your message has been received by a concierge';

/** A visitor whose e-mail address marks this test's sends among everybody's. */
const visitor = () => {
  const tag = randomUUID().slice(0, 8);
  return { tag, email: `ana.${tag}@example.com` };
};

/** The one e-mail about `marker`, sent with the stack's EmailJS account and the template for `form`. */
async function mailAbout(marker: string, template = STACK_ENV.EMAILJS_TEMPLATE_ID): Promise<Send['template_params']> {
  const [sent] = await emailjs.waitFor(marker);
  expect(sent).toMatchObject({
    service_id: STACK_ENV.EMAILJS_SERVICE_ID,
    template_id: template,
    user_id: STACK_ENV.EMAILJS_PUBLIC_KEY,
    accessToken: STACK_ENV.EMAILJS_PRIVATE_KEY,
  });
  return sent.template_params;
}

/** No second copy arrives (a double submit or a retry of a delivered e-mail). */
async function expectOnlyOne(marker: string) {
  await new Promise((r) => setTimeout(r, 500));
  expect(await emailjs.acceptedAbout(marker)).toHaveLength(1);
}

/** What an e-mail about a request sent without the bot check says (content/forms.yaml bot_check). */
const UNVERIFIED =
  "Note: this request was sent without the website's spam check (from a browser without JavaScript, or by a script). Read it with care.";

/** What the lead e-mail's body says once after the visitor's values (edge/domain/src/words.rs). */
const VISITOR_WORDS = "(Each value above is the visitor's own words, as typed; links in them are not clickable.)";

const lead = (email: string) => ({
  'First Name': 'Ana',
  'Last Name': 'Ruiz',
  Email: email,
  Phone: '(904) 555-0199',
  Message: 'A riverfront condo, please.',
});
/** The agent's e-mail for `lead(email)` sent with the given subject, address and interest. */
const leadMail = (email: string, subject: string, propertyAddress = '', interestedIn = '') => ({
  to_email: AGENT,
  from_name: 'Ana Ruiz',
  from_email: email,
  phone: '(904) 555-0199',
  property_address: propertyAddress,
  interested_in: interestedIn,
  message: 'A riverfront condo, please.',
  subject,
  email_body: [
    'First Name: Ana',
    'Last Name: Ruiz',
    `Email: ${email}`,
    'Phone: (904) 555-0199',
    `Property Address: ${propertyAddress}`,
    `Interested In: ${interestedIn}`,
    'Message: A riverfront condo, please.',
    '',
    VISITOR_WORDS,
  ].join('\n'),
});

test.describe('the five request forms reach the agent', () => {
  test("'Schedule Consultation' → a consultation request", async ({ page }) => {
    const { email } = visitor();
    await page.goto('/');
    await page.locator('#hero').getByRole('button', { name: 'Schedule Consultation' }).click();
    await expect(dialog(page)).toHaveAccessibleName('Schedule a Private Consultation');
    await fillDialog(page, lead(email));
    await dialog(page).getByLabel('Interested In').selectOption('waterfront');
    await dialog(page).getByRole('button', { name: 'Request Consultation' }).click();
    await expect(page.getByRole('status')).toContainText(SUCCESS);
    expect(await mailAbout(email)).toEqual(
      leadMail(email, 'Consultation Request from Ana Ruiz', '', 'Waterfront Property'),
    );
    await expectOnlyOne(email);
  });

  test("'Get the Buyer's Guide' → a buyer's guide request", async ({ page }) => {
    const { email } = visitor();
    await page.goto('/neighborhoods/riverside/');
    await page.getByRole('button', { name: "Get the Buyer's Guide" }).first().click();
    await expect(dialog(page)).toHaveAccessibleName("Get the Buyer's Guide");
    await fillDialog(page, lead(email));
    await dialog(page).getByRole('button', { name: 'Send My Guide' }).click();
    await expect(page.getByRole('status')).toContainText(SUCCESS);
    expect(await mailAbout(email)).toEqual(leadMail(email, "Buyer's Guide Request from Ana Ruiz"));
  });

  test("'What's My Home Worth?' → a valuation request, which needs the address", async ({ page }) => {
    const { email } = visitor();
    await page.goto('/neighborhoods/ortega/');
    await page.getByRole('button', { name: "What's My Home Worth?" }).first().click();
    await expect(dialog(page)).toHaveAccessibleName("What's My Home Worth?");
    await fillDialog(page, lead(email));
    await dialog(page).getByRole('button', { name: 'Request My Valuation' }).click();
    await expect(dialog(page).getByText('Property Address is required.')).toBeVisible();
    await fillDialog(page, { 'Property Address': '4320 Ortega Blvd' });
    await dialog(page).getByLabel('Interested In').selectOption('selling');
    await dialog(page).getByRole('button', { name: 'Request My Valuation' }).click();
    await expect(page.getByRole('status')).toContainText(SUCCESS);
    expect(await mailAbout(email)).toEqual(
      leadMail(email, 'Home Valuation Request from Ana Ruiz', '4320 Ortega Blvd', 'Selling My Home'),
    );
  });

  test("'Join Our Luxury Portfolio' → a listing request", async ({ page }) => {
    const { email } = visitor();
    await page.goto('/');
    await page.getByRole('button', { name: 'Join Our Luxury Portfolio' }).click();
    await expect(dialog(page)).toHaveAccessibleName('Join Our Luxury Portfolio');
    await fillDialog(page, {
      'Full Name': 'Ana Ruiz',
      Email: email,
      Phone: '904 555 0199',
      'Property Address': '1 Ocean Blvd',
      Notes: 'Pool resurfaced in 2025',
    });
    await dialog(page).getByRole('button', { name: 'Request Listing Consultation' }).click();
    await expect(page.getByRole('status')).toContainText(
      'We will contact you within 24 hours to schedule your luxury home consultation',
    );
    await expect(dialog(page)).toHaveCount(0);
    expect(await mailAbout(email)).toEqual({
      to_email: AGENT,
      from_name: 'Ana Ruiz',
      from_email: email,
      phone: '904 555 0199',
      property_address: '1 Ocean Blvd',
      notes: 'Pool resurfaced in 2025',
      subject: 'Luxury Home Listing Request from Ana Ruiz',
    });
  });

  test("'Let's Connect' → 'Message' → a contact message", async ({ page }) => {
    const { email } = visitor();
    await page.goto('/client-concierge/');
    await openContactWidget(page);
    await page.getByRole('button', { name: 'Message', exact: true }).click();
    await fillDialog(page, {
      Name: 'Ana Ruiz',
      Email: email,
      Phone: '904 555 0199',
      Message: 'Is the Ortega listing\nstill available?',
    });
    await dialog(page).getByRole('button', { name: 'Send Message' }).click();
    await expect(page.getByRole('status')).toContainText(
      'We will contact you within 24 hours to discuss your real estate needs',
    );
    expect(await mailAbout(email)).toEqual({
      to_email: AGENT,
      from_name: 'Ana Ruiz',
      from_email: email,
      phone: '904 555 0199',
      message: 'Is the Ortega listing\nstill available?',
      subject: 'New Contact Form Submission from Ana Ruiz',
    });
  });
});

/** Runs the e-mail retries as the cron would (wrangler dev --test-scheduled), until `done`. */
async function scheduledUntil(page: Page, done: () => Promise<boolean>, within = 20_000) {
  const deadline = Date.now() + within;
  while (!(await done())) {
    if (Date.now() > deadline) throw new Error('the scheduled retry did not deliver in time');
    expect((await page.request.get(`${BASE}/__scheduled?cron=*/5+*+*+*+*`)).ok()).toBe(true);
    await new Promise((r) => setTimeout(r, 500));
  }
}

test('an EmailJS outage (500, then 429) loses nothing: the scheduled retry delivers once it recovers', async ({
  page,
}) => {
  test.setTimeout(60_000);
  const { email } = visitor();
  await emailjs.fail(500, email);
  await page.goto('/');
  await page.getByRole('button', { name: 'Join Our Luxury Portfolio' }).click();
  await fillDialog(page, {
    'Full Name': 'Ana Ruiz',
    Email: email,
    Phone: '904 555 0199',
    'Property Address': '7 Marsh Landing',
  });
  await dialog(page).getByRole('button', { name: 'Request Listing Consultation' }).click();
  // The request is stored before the e-mail is tried, so the visitor is told it was received.
  await expect(page.getByRole('status')).toContainText(SUCCESS);
  const refused = async (status: number) => (await emailjs.about(email)).filter((s) => s.refusedWith === status).length;
  expect(await refused(500)).toBe(1);

  // Still down, now rate-limiting: the retry is refused too, and the request is kept.
  await emailjs.recover(email);
  await emailjs.fail(429, email);
  await scheduledUntil(page, async () => (await refused(429)) > 0);
  expect(await emailjs.acceptedAbout(email)).toHaveLength(0);

  await emailjs.recover(email);
  await scheduledUntil(page, async () => (await emailjs.acceptedAbout(email)).length > 0);
  expect(await mailAbout(email)).toMatchObject({
    subject: 'Luxury Home Listing Request from Ana Ruiz',
    property_address: '7 Marsh Landing',
    from_email: email,
  });
  // Later runs do not send it again.
  await page.request.get(`${BASE}/__scheduled?cron=*/5+*+*+*+*`);
  await expectOnlyOne(email);
});

test('the quiz: alerts, the tie order, the e-mail step, the result e-mailed to the visitor, retake', async ({
  page,
}) => {
  const alerts: string[] = [];
  page.on('dialog', (d) => {
    alerts.push(d.message());
    void d.accept();
  });
  const { email } = visitor();
  await page.goto('/');
  await page.getByRole('button', { name: "What's Your Vibe Quiz" }).click();
  const d = dialog(page);
  await expect(d).toHaveAccessibleName("What's Your Jacksonville Vibe?");
  await d.getByRole('button', { name: 'Next' }).click();
  await expect.poll(() => alerts).toEqual(['Please choose an option.']);
  // Two historic, two eclectic, one urban, one suburban: the tie goes to historic, the earlier of
  // the two in content/quiz.yaml's tie_order.
  const picks = ['historic', 'eclectic', 'urban', 'historic', 'eclectic', 'suburban'];
  for (const [i, value] of picks.entries()) {
    await expect(d.getByText(`Question ${i + 1} of 6`)).toBeVisible();
    await d.locator(`input[type="radio"][value="${value}"]`).check();
    await d.getByRole('button', { name: i === 5 ? 'Get My Results!' : 'Next' }).click();
  }
  await expect(d.getByRole('heading', { name: 'Your match is ready' })).toBeVisible();
  await d.getByLabel('Email address').fill('   ');
  await d.getByRole('button', { name: 'See My Match' }).click();
  await expect.poll(() => alerts.at(-1)).toBe('Please enter your email address.');
  await d.getByLabel('Email address').fill(email);
  await d.getByRole('button', { name: 'See My Match' }).click();
  await expect(d.getByRole('heading', { name: 'Historic Soul' })).toBeVisible();
  for (const area of ['Riverside', 'Avondale', 'Springfield'])
    await expect(d.getByText(area, { exact: true })).toBeVisible();

  const params = await mailAbout(email, STACK_ENV.EMAILJS_TEMPLATE_ID_QUIZ);
  expect(params).toMatchObject({
    to_email: email,
    subject: 'Jacksonville Neighborhood Quiz Results',
    result_neighborhood: 'Historic Soul',
    result_areas: 'Riverside, Avondale, Springfield',
  });
  expect(params.quiz_answers.split('\n')).toHaveLength(6);
  expect(params.quiz_answers).toContain('How do you spend an ideal Saturday? Coffee on the porch');

  await d.getByRole('button', { name: 'Take Quiz Again' }).click();
  await expect(d.getByText('Question 1 of 6')).toBeVisible();
  await expect(d.locator('input[type="radio"]:checked')).toHaveCount(0);
  await d.getByRole('button', { name: 'Close dialog' }).click();
  await expect(dialog(page)).toHaveCount(0);
  expect(alerts).toEqual(['Please choose an option.', 'Please enter your email address.']);
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the contact form on the home page still delivers, then thanks the visitor', async ({ page }) => {
    const { email } = visitor();
    await page.goto('/#contact');
    const form = page.locator('#contact-form');
    await form.getByLabel('Name').fill('Ana Ruiz');
    await form.getByLabel('Email').fill(email);
    await form.getByLabel('Phone').fill('904 555 0199');
    await form.getByLabel('Message').fill('Calling about Ortega.');
    await form.getByRole('button', { name: 'Send Message' }).click();
    await expect(page).toHaveURL(`${BASE}/thank-you/?form=contact`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Thank You for Reaching Out');
    // Without JavaScript there is no bot check: the agent is told so in a param of its own.
    expect(await mailAbout(email)).toEqual({
      to_email: AGENT,
      from_name: 'Ana Ruiz',
      from_email: email,
      phone: '904 555 0199',
      message: 'Calling about Ortega.',
      subject: 'New Contact Form Submission from Ana Ruiz',
      bot_check: UNVERIFIED,
    });
  });

  test('a contact form missing its details lands on the error page, which leads back to it', async ({ page }) => {
    await page.goto('/');
    const form = page.locator('#contact-form');
    // The browser's own checks are what a visitor without JavaScript meets first; the worker
    // answers the same when they are bypassed.
    await form.evaluate((f) => ((f as HTMLFormElement).noValidate = true));
    await form.getByLabel('Name').fill('Ana Ruiz');
    await form.getByRole('button', { name: 'Send Message' }).click();
    await expect(page).toHaveURL(`${BASE}/form-error/?form=contact`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Your Message Could Not Be Sent');
    await page.getByRole('link', { name: 'Back to the Contact Form' }).click();
    await expect(page.locator('#contact-form')).toBeInViewport();
  });

  test('the concierge portal files six documents in one post, and the agent gets their links', async ({ page }) => {
    test.setTimeout(60_000);
    await page.goto('/client-concierge/');
    const run = randomUUID();
    const inputs = page.locator('input[type="file"]');
    await expect(inputs).toHaveCount(6);
    const files = [0, 1, 2, 3, 4, 5].map((i) => ({
      name: `nojs-${i}.pdf`,
      mimeType: 'application/pdf',
      buffer: Buffer.from(`%PDF-1.7\n${run}-${i}\n`),
    }));
    await page.getByLabel('Full Name').fill('Ana Ruiz');
    await page.getByLabel('Email').fill(`ana.${run.slice(0, 8)}@example.com`);
    await page.getByLabel('Phone').fill('(904) 555-0147');
    for (const [i, file] of files.entries()) await inputs.nth(i).setInputFiles(file);
    await page.getByRole('checkbox').check();
    await page.getByRole('button', { name: 'Submit Documents' }).click();
    await expect(page).toHaveURL(`${BASE}/client-concierge/thank-you/?form=concierge`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Thank You!');
    const [mail] = await emailjs.waitFor(`nojs-5.pdf`, { within: 20_000 });
    expect(mail.template_params.bot_check).toBe(UNVERIFIED);
    expect(mail.template_params.message.startsWith(`${UNVERIFIED}\n\nA client submitted their documents`)).toBe(true);
    // Without JavaScript too, the agent knows whose documents these are.
    expect(mail.template_params.from_name).toBe('Ana Ruiz');
    expect(mail.template_params.message).toContain(`Email: ana.${run.slice(0, 8)}@example.com`);
    const links = mail.template_params.message.match(/https?:\/\/\S+\/api\/documents\/\S+/g) ?? [];
    expect(links).toHaveLength(6);
    for (const [i, field] of [
      'photoId',
      'creditReport',
      'proofOfIncome',
      'bankStatement1',
      'bankStatement2',
      'bankStatement3',
    ].entries()) {
      const body = await (await page.request.get(links.find((l) => l.includes(`-${field}-`))!)).body();
      expect(body.equals(files[i].buffer), field).toBe(true);
    }
  });

  test("a concierge post the worker refuses lands on the portal's error page, which leads back to the form", async ({
    page,
  }) => {
    await page.goto('/client-concierge/');
    await page.locator('#concierge-form').evaluate((f) => ((f as HTMLFormElement).noValidate = true));
    await page
      .locator('input[type="file"]')
      .first()
      .setInputFiles({ name: 'id.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.7\n') });
    await page.getByRole('button', { name: 'Submit Documents' }).click();
    await expect(page).toHaveURL(`${BASE}/client-concierge/form-error/?form=concierge`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Your Documents Could Not Be Filed');
    await page.getByRole('link', { name: 'Back to the Document Portal' }).click();
    await expect(page).toHaveURL(`${BASE}/client-concierge/#concierge-form`);
  });
});
