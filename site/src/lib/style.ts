// Styles that arrive with an island's code instead of inlined in every page. Constructable
// stylesheets: applied once, and not subject to the Content-Security-Policy's style-src.
const adopted = new Set<string>();

export function adoptStyles(css: string) {
  if (adopted.has(css) || typeof CSSStyleSheet === 'undefined' || !('adoptedStyleSheets' in document)) return;
  adopted.add(css);
  const sheet = new CSSStyleSheet();
  sheet.replaceSync(css);
  document.adoptedStyleSheets = [...document.adoptedStyleSheets, sheet];
}
