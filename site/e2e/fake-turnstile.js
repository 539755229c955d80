// Cloudflare Turnstile's widget as the browser suite plays it: fixtures.ts serves this for
// Turnstile's script URL (the suite's browsers reach no other host). render() gives a token a
// moment later, as the real widget does once it has looked at the browser, and reset() a new
// one; the fake siteverify (edge/tests/fake-turnstile.mjs) takes each `pass-` token once.
(() => {
  const widgets = new Map();
  let n = 0;
  // The token names the action and the page's hostname, which the fake siteverify gives back.
  const issue = (id) =>
    setTimeout(() => {
      const options = widgets.get(id);
      options?.callback(
        `pass-${Math.random().toString(36).slice(2)}${Date.now().toString(36)}~${options.action ?? ''}~${location.hostname}`,
      );
    }, 50);
  window.turnstile = {
    render(el, options) {
      const id = `fake-${++n}`;
      widgets.set(id, options);
      el.dataset.fakeTurnstile = options.sitekey;
      issue(id);
      return id;
    },
    reset: issue,
    remove: (id) => widgets.delete(id),
  };
})();
