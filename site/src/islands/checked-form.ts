// A form that posts as is (the home page's contact form), given the bot check's token: woken by
// a click or a submit in it (the early script holds the submit until then), it starts the check
// in the form and, on submit, waits for the token, puts it in a hidden field and lets the form
// post. No React: the form is the page's own. Without a token the post still goes, and the worker
// takes it as unverified.
import { startBotCheck } from '../lib/bot-check';
import type { CheckedFormProps } from '../lib/props';

export default function checkedForm(host: HTMLElement, props: CheckedFormProps) {
  const form = host.querySelector('form');
  if (!form) return;
  const slot = document.createElement('div');
  slot.className = 'bot-check';
  form.querySelector('[type="submit"]')?.before(slot);
  const check = startBotCheck(slot, props.api, new URL(form.action, location.href).pathname);
  let field = form.querySelector<HTMLInputElement>(`input[type="hidden"][name="${props.api.bot_check_field}"]`);
  // From the submit until the page is left: a second tap does not post twice.
  let sending = false;
  addEventListener('pageshow', () => (sending = false)); // back from the thank-you page
  form.addEventListener('submit', (e) => {
    e.preventDefault();
    if (sending) return;
    sending = true;
    void check.token().then((token) => {
      if (token) {
        field ??= Object.assign(document.createElement('input'), { type: 'hidden', name: props.api.bot_check_field });
        field.value = token;
        form.append(field);
      }
      check.renew();
      form.submit(); // fires no submit event
    });
  });
}
