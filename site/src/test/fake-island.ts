// A stand-in island bundle for the runtime's tests: live a moment after it is mounted (as a React
// island is, once its effects have run), then records every event it receives.
export const received: string[] = [];

export default async function mount(host: HTMLElement) {
  await new Promise((r) => setTimeout(r, 0));
  const record = (e: Event) => {
    const t = e.target as HTMLElement;
    const key = e instanceof KeyboardEvent ? ` ${e.key === ' ' ? 'Space' : e.key}` : '';
    received.push(`${e.type}${key} ${t.id || t.tagName.toLowerCase()}`);
    if (e.type === 'submit' || t.closest('a')) e.preventDefault();
  };
  for (const type of ['click', 'keydown', 'change', 'submit']) host.addEventListener(type, record);
}
