// Props shaped like the generator's (texts are test values: the islands must show whatever the
// props say).
import type { DialogsProps, Field, Quiz } from '../lib/props';

const field = (
  name: string,
  label: string,
  type: Field['type'],
  required: boolean,
  extra: Partial<Field> = {},
): Field => ({
  name,
  label,
  type,
  required,
  autocomplete: null,
  placeholder: null,
  options: [],
  ...extra,
});

const toasts = (end: string, error = 'request') => ({
  success: {
    title: 'Thank you, your message has been received by a concierge',
    description: `We will contact you within 24 hours to ${end}`,
  },
  error: { title: 'Error', description: `There was an issue submitting your ${error}. Please try again.` },
});

const keys = ['historic', 'coastal', 'urban', 'eclectic', 'suburban'] as const;

export const quiz: Quiz = {
  title: 'Your vibe',
  intro: 'Six questions',
  questions: Array.from({ length: 6 }, (_, i) => ({
    id: `q${i + 1}`,
    text: `Question text ${i + 1}`,
    options: keys.map((k) => ({ value: k, text: `${k} option ${i + 1}` })),
  })),
  profiles: {
    historic: { name: 'Historic Soul', areas: ['Riverside', 'Avondale', 'Springfield'], description: 'Old houses.' },
    coastal: { name: 'Coastal Chill', areas: ['Jacksonville Beach', 'Atlantic Beach'], description: 'Beaches.' },
    urban: { name: 'Urban Cool', areas: ['Southbank', 'Brooklyn', 'Downtown'], description: 'Towers.' },
    eclectic: { name: 'Creative Edge', areas: ['Murray Hill', 'San Marco'], description: 'Art.' },
    suburban: { name: 'Family Focused', areas: ['Nocatee', 'Julington Creek', 'Southside'], description: 'Schools.' },
  },
  tie_order: ['coastal', 'urban', 'historic', 'eclectic', 'suburban'],
  labels: {
    open: "What's Your Vibe Quiz",
    progress: 'Question {n} of {total}',
    next: 'Next',
    finish: 'Get My Results!',
    choose_alert: 'Please choose an option.',
    email_heading: 'Your match is ready',
    email_text: 'Enter your email',
    email_label: 'Email address',
    email_submit: 'See My Match',
    email_alert: 'Please enter your email address.',
    error_alert: 'There was an error submitting your quiz. Please try again.',
    result_heading: 'Your Jacksonville Vibe',
    areas_heading: 'Neighborhoods to explore',
    retake: 'Take Quiz Again',
    close: 'Close',
  },
};

export const props: DialogsProps = {
  api: {
    lead: '/api/lead',
    listing_request: '/api/listing-request',
    contact: '/api/contact',
    quiz: '/api/quiz',
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
  limits: { text_max: 20, message_max: 50, body_max_bytes: 65536 },
  messages: {
    required: '{label} is required.',
    email: 'Please enter a valid email address.',
    phone: 'Please enter a valid phone number.',
    too_long: '{label} must be {max} characters or fewer.',
    option: 'Please choose one of the listed options.',
    listing: "This listing is not one of the site's.",
  },
  sending: 'Sending...',
  close: 'Close dialog',
  dismiss: 'Dismiss notification',
  honeypot: 'website',
  lead: {
    fields: [
      field('firstName', 'First Name', 'text', true),
      field('lastName', 'Last Name', 'text', true),
      field('email', 'Email', 'email', true),
      field('phone', 'Phone', 'tel', true),
      field('propertyAddress', 'Property Address', 'text', false),
      field('interestedIn', 'Interested In', 'select', false, {
        placeholder: 'Select an option',
        options: [
          { value: 'luxury-condo', label: 'Luxury Condo' },
          { value: 'waterfront', label: 'Waterfront Property' },
        ],
      }),
      field('message', 'Message', 'textarea', true),
    ],
    toasts: toasts('assist with your request'),
    types: {
      consultation: {
        title: 'Schedule a Private Consultation',
        text: 'Talk.',
        submit: 'Request Consultation',
        subject: 's',
        require: [],
      },
      'buyer-guide': {
        title: "Get the Buyer's Guide",
        text: 'Guide.',
        submit: 'Send My Guide',
        subject: 's',
        require: [],
      },
      'cma-request': {
        title: "What's My Home Worth?",
        text: 'Value.',
        submit: 'Request My Valuation',
        subject: 's',
        require: ['propertyAddress'],
      },
    },
  },
  contact: {
    title: "Let's Connect",
    text: 'Write to us.',
    submit: 'Send Message',
    subject: 's',
    fields: [
      field('name', 'Name', 'text', true),
      field('email', 'Email', 'email', true),
      field('phone', 'Phone', 'tel', true),
      field('message', 'Message', 'textarea', true),
    ],
    toasts: toasts('discuss your real estate needs', 'message'),
  },
  listing_request: {
    title: 'Join Our Luxury Portfolio',
    text: 'Sell with us.',
    submit: 'Request Listing Consultation',
    subject: 's',
    fields: [
      field('name', 'Full Name', 'text', true),
      field('email', 'Email', 'email', true),
      field('phone', 'Phone', 'tel', true),
      field('propertyAddress', 'Property Address', 'text', true, { autocomplete: 'address-line1' }),
      field('notes', 'Notes', 'textarea', false),
    ],
    toasts: toasts('schedule your luxury home consultation'),
  },
  quiz_form: { subject: 'Jacksonville Neighborhood Quiz Results' },
  quiz,
  valuation_next: { href: '/sell/', label: 'Sell Your Home' },
  quiz_result: {
    areas: { 'Jacksonville Beach': '/neighborhoods/jacksonville-beach/', Nocatee: '/neighborhoods/nocatee/' },
    consultation: 'Schedule Consultation',
    contact: '#contact',
  },
};
