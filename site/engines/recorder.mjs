// Neither driver hands over the console, so the page records its own errors: uncaught errors,
// unhandled rejections, CSP violations and console.error calls, read back with `errors()`.
// Firefox installs it before the page's scripts; WebKit (no preload over WebDriver) after each
// load, so there it sees what happens from then on.
export const RECORDER = `(() => {
  if (window.__engineErrors) return;
  const errors = (window.__engineErrors = []);
  // Firefox's stack leaves out the message: both are kept.
  const text = (v) => (v instanceof Error ? String(v) + (v.stack ? '\\n' + v.stack : '') : typeof v === 'string' ? v : JSON.stringify(v));
  addEventListener('error', (e) => errors.push('error: ' + (e.error ? text(e.error) : e.message || 'resource ' + (e.target && (e.target.src || e.target.href)))), true);
  addEventListener('unhandledrejection', (e) => errors.push('unhandledrejection: ' + text(e.reason)));
  document.addEventListener('securitypolicyviolation', (e) => errors.push('csp: ' + e.violatedDirective + ' ' + e.blockedURI));
  const original = console.error.bind(console);
  console.error = (...args) => {
    errors.push('console.error: ' + args.map(text).join(' '));
    original(...args);
  };
})();`;
