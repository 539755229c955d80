import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetBotCheck } from '../lib/bot-check';
import { resetToasts } from '../lib/toast';
import { props } from '../test/dialogs-props';
import { mountIsland } from '../test/island';
import mount from './dialogs';

const page = `<div class="dialogs" data-island="dialogs"></div>
<a href="#contact" id="hero" data-open="lead" data-type="consultation">Schedule Consultation</a>
<a href="#contact" id="guide" data-open="lead" data-type="buyer-guide">Get the Buyer's Guide</a>
<a href="#contact" id="cma" data-open="lead" data-type="cma-request">What's My Home Worth?</a>
<a href="#contact" id="portfolio" data-open="listing-request">Join Our Luxury Portfolio</a>
<a href="#contact" id="message" data-open="contact">Message</a>
<a href="#contact" id="showing" data-open="listing-request" data-listing="/homes/12-oak-st-2104001/" data-listing-name="12 Oak St, Jax" data-message="See 12 Oak St (MLS # 2104001).">Request a Showing</a>
<a href="#contact" id="inquire" data-open="contact" data-listing="/listings/oak/" data-listing-name="12 Oak St">Inquire</a>
<a href="#contact" id="vibe" data-open="quiz">What's Your Vibe Quiz</a>`;

type Answer = { status: number; body?: unknown } | 'network';
let answers: Answer[];
let requests: { url: string; body: Record<string, unknown> }[];
/** What GET /api/bot-check answers: off unless a test turns the check on. */
let siteKey: string | null;
/** A key as crypto.randomUUID() makes it. */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

beforeEach(() => {
  answers = [];
  requests = [];
  siteKey = null;
  resetToasts();
  resetBotCheck();
  vi.stubGlobal('fetch', (url: string, init: RequestInit) => {
    if (url === props.api.bot_check) return Promise.resolve(new Response(JSON.stringify({ site_key: siteKey })));
    requests.push({ url, body: JSON.parse(init.body as string) as Record<string, unknown> });
    const a = answers.shift() ?? { status: 200, body: { ok: true } };
    if (a === 'network') return Promise.reject(new TypeError('Failed to fetch'));
    return Promise.resolve(
      new Response(JSON.stringify(a.body ?? {}), { status: a.status, headers: { 'Content-Type': 'application/json' } }),
    );
  });
});
afterEach(() => {
  vi.unstubAllGlobals();
  document.querySelectorAll('.toaster').forEach((t) => t.remove());
});

const start = (triggerId?: string) => mountIsland(page, mount, props, triggerId && `#${triggerId}`);

async function fill(values: Record<string, string>) {
  const user = userEvent.setup();
  for (const [label, value] of Object.entries(values))
    await user.type(screen.getByLabelText(label, { exact: false }), value);
  return user;
}

describe('dialogs', () => {
  it('opens the dialog of the trigger that started the island, labelled by its title', async () => {
    await start('guide');
    const dialog = screen.getByRole('dialog', { name: "Get the Buyer's Guide" });
    expect(dialog).toHaveAttribute('open');
    expect(screen.getByRole('button', { name: 'Send My Guide' })).toBeInTheDocument();
  });

  it('later [data-open] clicks open their dialogs, holding back the link', async () => {
    await start();
    expect(screen.queryByRole('dialog')).toBeNull();
    const click = new MouseEvent('click', { bubbles: true, cancelable: true });
    act(() => void document.getElementById('portfolio')!.dispatchEvent(click));
    expect(click.defaultPrevented).toBe(true);
    expect(screen.getByRole('dialog', { name: 'Join Our Luxury Portfolio' })).toBeInTheDocument();
    act(() => void document.getElementById('cma')!.click());
    expect(screen.getByRole('dialog', { name: "What's My Home Worth?" })).toBeInTheDocument();
  });

  it('a showing request opens the listing request about the home: named, its address and notes started, its path sent', async () => {
    await start('showing');
    expect(
      screen.getByRole('dialog', { name: /^Join Our Luxury Portfolio\s*—\s*12 Oak St, Jax$/ }),
    ).toBeInTheDocument();
    expect(screen.getByLabelText('Property Address', { exact: false })).toHaveValue('12 Oak St, Jax');
    expect(screen.getByLabelText('Notes', { exact: false })).toHaveValue('See 12 Oak St (MLS # 2104001).');
    const user = await fill({
      'Full Name': 'Ana Ruiz',
      Email: 'ana@example.com',
      Phone: '904 555 0147',
      Notes: ' Saturday?',
    });
    await user.click(screen.getByRole('button', { name: 'Request Listing Consultation' }));
    await waitFor(() => expect(requests).toHaveLength(1));
    expect(requests[0].body).toMatchObject({
      listing: '/homes/12-oak-st-2104001/',
      propertyAddress: '12 Oak St, Jax',
      notes: 'See 12 Oak St (MLS # 2104001). Saturday?',
    });
    // The plain trigger opens it about nothing.
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    act(() => void document.getElementById('portfolio')!.click());
    expect(screen.getByRole('dialog', { name: 'Join Our Luxury Portfolio' })).toBeInTheDocument();
    expect(screen.getByLabelText('Property Address', { exact: false })).toHaveValue('');
  });

  it("'Inquire' opens the contact form naming the listing, its message left to the visitor, its path sent", async () => {
    await start('inquire');
    expect(screen.getByRole('dialog', { name: /^Let's Connect\s*—\s*12 Oak St$/ })).toBeInTheDocument();
    expect(screen.getByLabelText('Message', { exact: false })).toHaveValue('');
    const user = await fill({
      Name: 'Ana Ruiz',
      Email: 'ana@example.com',
      Phone: '904 555 0147',
      Message: 'Still available?',
    });
    await user.click(screen.getByRole('button', { name: 'Send Message' }));
    await waitFor(() => expect(requests).toHaveLength(1));
    expect(requests[0].body).toMatchObject({ listing: '/listings/oak/', message: 'Still available?' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    act(() => void document.getElementById('message')!.click());
    expect(screen.getByRole('dialog', { name: "Let's Connect" })).toBeInTheDocument();
  });

  it("a sent valuation's message leads to the sellers' page, and stays until dismissed", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      await start('cma');
      const user = await fill({
        'First Name': 'Ana',
        'Last Name': 'Ruiz',
        Email: 'ana@example.com',
        Phone: '904 555 0147',
        'Property Address': '1 Ocean Blvd',
        Message: 'Value it',
      });
      await user.click(screen.getByRole('button', { name: 'Request My Valuation' }));
      const status = await screen.findByRole('status');
      expect(within(status).getByRole('link', { name: 'Sell Your Home' })).toHaveAttribute('href', '/sell/');
      await act(() => vi.advanceTimersByTimeAsync(20_000));
      expect(screen.getByRole('status')).toBeInTheDocument();
      // Other leads' messages carry no link.
      await user.click(within(screen.getByRole('status')).getByRole('button', { name: 'Dismiss notification' }));
      act(() => void document.getElementById('guide')!.click());
      await fill({
        'First Name': 'Ana',
        'Last Name': 'Ruiz',
        Email: 'ana@example.com',
        Phone: '904 555 0147',
        Message: 'Guide',
      });
      await user.click(screen.getByRole('button', { name: 'Send My Guide' }));
      expect(within(await screen.findByRole('status')).queryByRole('link')).toBeNull();
    } finally {
      vi.useRealTimers();
    }
  });

  it('shows every problem on its field and sends nothing', async () => {
    await start('cma');
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Request My Valuation' }));
    expect(requests).toHaveLength(0);
    expect(screen.getByText('First Name is required.')).toBeInTheDocument();
    expect(screen.getByText('Property Address is required.')).toBeInTheDocument();
    expect(screen.getByLabelText('First Name', { exact: false })).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('First Name', { exact: false })).toHaveFocus();
  });

  it('sends the lead, shows Sending... disabled, then the success toast, resets and closes', async () => {
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    const realFetch = fetch;
    vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
      await held;
      return realFetch(url, init);
    });
    await start('hero');
    const user = await fill({
      'First Name': 'Ana',
      'Last Name': 'Ruiz',
      Email: 'ana@example.com',
      Phone: '904 555 0147',
      Message: 'A riverfront condo',
    });
    await user.selectOptions(screen.getByLabelText('Interested In'), 'waterfront');
    await user.click(screen.getByRole('button', { name: 'Request Consultation' }));
    const sending = screen.getByRole('button', { name: 'Sending...' });
    expect(sending).toBeDisabled();
    act(() => release());
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(requests).toEqual([
      {
        url: '/api/lead',
        body: {
          type: 'consultation',
          firstName: 'Ana',
          lastName: 'Ruiz',
          email: 'ana@example.com',
          phone: '904 555 0147',
          propertyAddress: '',
          interestedIn: 'waterfront',
          message: 'A riverfront condo',
          website: '',
          idempotency_key: expect.stringMatching(UUID) as string,
        },
      },
    ]);
    expect(screen.getByRole('status')).toHaveTextContent('Thank you, your message has been received by a concierge');
    expect(screen.getByRole('status')).toHaveTextContent(
      'We will contact you within 24 hours to assist with your request',
    );
    // Reopened: the fields are empty again and focus went back to the trigger.
    expect(document.activeElement).toBe(document.getElementById('hero'));
    act(() => void document.getElementById('hero')!.click());
    expect(screen.getByLabelText('First Name', { exact: false })).toHaveValue('');
  });

  it("with the bot check on, the post carries the widget's token, and the spent token is renewed", async () => {
    siteKey = 'site-key';
    const reset = vi.fn();
    let give!: (token: string) => void;
    await start('message');
    await waitFor(() => expect(document.head.querySelector('script[src*="turnstile"]')).not.toBeNull());
    window.turnstile = {
      render: (el, options) => {
        expect(el.closest('dialog')).not.toBeNull();
        expect(options.sitekey).toBe('site-key');
        give = options.callback;
        return 'w1';
      },
      reset,
      remove: vi.fn(),
    };
    document.head.querySelector('script[src*="turnstile"]')!.dispatchEvent(new Event('load'));
    await waitFor(() => expect(give).toBeDefined());
    act(() => give('token-1'));
    const user = await fill({ Name: 'Ana Ruiz', Email: 'ana@example.com', Phone: '904 555 0147', Message: 'Hello' });
    await user.click(screen.getByRole('button', { name: 'Send Message' }));
    await waitFor(() => expect(requests).toHaveLength(1));
    expect(requests[0].body).toMatchObject({ name: 'Ana Ruiz', 'cf-turnstile-response': 'token-1' });
    await waitFor(() => expect(reset).toHaveBeenCalledWith('w1'));
    delete window.turnstile;
    document.head.querySelectorAll('script').forEach((el) => el.remove());
  });

  it('on failure shows the error toast and keeps the dialog open with its data', async () => {
    answers = ['network'];
    await start('message');
    const user = await fill({ Name: 'Ana', Email: 'ana@example.com', Phone: '904 555 0147', Message: 'Hello' });
    await user.click(screen.getByRole('button', { name: 'Send Message' }));
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('Error'));
    expect(screen.getByRole('alert')).toHaveTextContent(
      'There was an issue submitting your message. Please try again.',
    );
    expect(screen.getByRole('dialog', { name: "Let's Connect" })).toBeInTheDocument();
    expect(screen.getByLabelText('Name', { exact: false })).toHaveValue('Ana');
    expect(screen.getByRole('button', { name: 'Send Message' })).toBeEnabled();
    // Sent again: the same submission, so the same key (the worker sends it once); the next one a new key.
    await user.click(screen.getByRole('button', { name: 'Send Message' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    act(() => void document.getElementById('message')!.click());
    await fill({ Name: 'Ana', Email: 'ana@example.com', Phone: '904 555 0147', Message: 'Another' });
    await user.click(screen.getByRole('button', { name: 'Send Message' }));
    await waitFor(() => expect(requests).toHaveLength(3));
    const keys = requests.map((r) => r.body.idempotency_key);
    expect(keys[0]).toMatch(UUID);
    expect(keys[1]).toBe(keys[0]);
    expect(keys[2]).not.toBe(keys[0]);
  });

  it("shows the server's field errors on a 400", async () => {
    answers = [{ status: 400, body: { errors: [{ field: 'email', message: 'Please enter a valid email address.' }] } }];
    await start('portfolio');
    const user = await fill({
      'Full Name': 'Ana',
      Email: 'ana@example.com',
      Phone: '904 555 0147',
      'Property Address': '1 Main St',
    });
    await user.click(screen.getByRole('button', { name: 'Request Listing Consultation' }));
    await waitFor(() => expect(screen.getByText('Please enter a valid email address.')).toBeInTheDocument());
    expect(screen.getByRole('alert')).toHaveTextContent(
      'There was an issue submitting your request. Please try again.',
    );
  });

  it('the close button closes and returns focus to the trigger', async () => {
    await start('guide');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Close dialog' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(document.getElementById('guide'));
  });

  it('a trigger used again before the closed dialog has said so opens it again', async () => {
    // A browser fires 'close' in a later task: Escape then Space at once lands in between.
    await start('message');
    const first = screen.getByRole('dialog');
    const closeLater = () => {
      first.removeAttribute('open');
      setTimeout(() => first.dispatchEvent(new Event('close')));
    };
    closeLater();
    act(() => void document.getElementById('message')!.click());
    await act(() => new Promise((r) => setTimeout(r, 10)));
    expect(screen.getByRole('dialog', { name: "Let's Connect" })).toHaveAttribute('open');
  });
});

describe('quiz', () => {
  let alerts: string[];
  beforeEach(() => {
    alerts = [];
    vi.stubGlobal('alert', (m: string) => alerts.push(m));
  });

  async function answerAll(value: string, user = userEvent.setup()) {
    for (let i = 1; i <= 6; i++) {
      await user.click(screen.getByRole('radio', { name: `${value} option ${i}` }));
      await user.click(screen.getByRole('button', { name: i === 6 ? 'Get My Results!' : 'Next' }));
    }
    return user;
  }

  it('walks six questions with a progress bar, asks for an answer, then the e-mail, then shows the match', async () => {
    await start('vibe');
    const user = userEvent.setup();
    const bar = () => document.querySelector<HTMLElement>('.quiz__progress-bar')!;
    expect(parseFloat(bar().style.width)).toBeCloseTo((1 / 6) * 100, 3);
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(alerts).toEqual(['Please choose an option.']);
    const radios = screen.getAllByRole<HTMLInputElement>('radio');
    expect(radios.map((r) => r.value)).toEqual(['historic', 'coastal', 'urban', 'eclectic', 'suburban']);
    await user.click(screen.getByRole('radio', { name: 'coastal option 1' }));
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(parseFloat(bar().style.width)).toBeCloseTo((2 / 6) * 100, 3);
    for (let i = 2; i <= 6; i++) {
      await user.click(screen.getByRole('radio', { name: `${i % 2 ? 'urban' : 'coastal'} option ${i}` }));
      await user.click(screen.getByRole('button', { name: i === 6 ? 'Get My Results!' : 'Next' }));
    }
    await user.click(screen.getByRole('button', { name: 'See My Match' }));
    expect(alerts).toEqual(['Please choose an option.', 'Please enter your email address.']);
    await user.type(screen.getByLabelText('Email address'), '  ana@example.com ');
    await user.click(screen.getByRole('button', { name: 'See My Match' }));
    // coastal ×4 (q1, q2, q4, q6), urban ×2.
    await waitFor(() => expect(screen.getByRole('heading', { name: 'Coastal Chill' })).toBeInTheDocument());
    // Each area with a page links to it; one without stays text.
    expect(screen.getByRole('link', { name: 'Jacksonville Beach' })).toHaveAttribute(
      'href',
      '/neighborhoods/jacksonville-beach/',
    );
    expect(screen.getByText('Atlantic Beach').closest('a')).toBeNull();
    expect(requests).toEqual([
      {
        url: '/api/quiz',
        body: {
          email: 'ana@example.com',
          answers: { q1: 'coastal', q2: 'coastal', q3: 'urban', q4: 'coastal', q5: 'urban', q6: 'coastal' },
          website: '',
          idempotency_key: expect.stringMatching(UUID) as string,
        },
      },
    ]);
  });

  it('shows the result even when the send fails, and starts over with Take Quiz Again', async () => {
    answers = [{ status: 500 }];
    await start('vibe');
    const user = await answerAll('eclectic');
    await user.type(screen.getByLabelText('Email address'), 'ana@example.com');
    await user.click(screen.getByRole('button', { name: 'See My Match' }));
    await waitFor(() => expect(screen.getByRole('heading', { name: 'Creative Edge' })).toBeInTheDocument());
    expect(alerts).toEqual([]);
    await user.click(screen.getByRole('button', { name: 'Take Quiz Again' }));
    expect(screen.getByText('Question text 1', { exact: false })).toBeInTheDocument();
    expect(screen.getAllByRole('radio').some((r) => (r as HTMLInputElement).checked)).toBe(false);
    await answerAll('suburban', user);
    await user.type(screen.getByLabelText('Email address'), 'ana@example.com');
    await user.click(screen.getByRole('button', { name: 'See My Match' }));
    await waitFor(() => expect(screen.getByRole('heading', { name: 'Family Focused' })).toBeInTheDocument());
    await user.click(screen.getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it("the result's 'Schedule Consultation' opens the consultation in its place", async () => {
    await start('vibe');
    const user = await answerAll('suburban');
    await user.type(screen.getByLabelText('Email address'), 'ana@example.com');
    await user.click(screen.getByRole('button', { name: 'See My Match' }));
    await waitFor(() => expect(screen.getByRole('heading', { name: 'Family Focused' })).toBeInTheDocument());
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Schedule Consultation' }));
    expect(screen.getByRole('dialog', { name: 'Schedule a Private Consultation' })).toBeInTheDocument();
  });
});
