// Toasts shared by every island on the page (one store, one region, created on first use).
import { useSyncExternalStore } from 'react';
import { createRoot } from 'react-dom/client';
import { adoptStyles } from './style';
import css from './toast.css?inline';

export type Toast = {
  id: number;
  title: string;
  description?: string;
  variant?: 'default' | 'destructive';
  /** The dismiss button's accessible name (from content). */
  dismiss: string;
  /** Where to go next (the valuation's success leads to /sell/): such a toast stays until dismissed. */
  link?: { href: string; label: string };
};

/** How long a toast stays, unless hovered or focused. */
export const TOAST_MS = 6000;

let toasts: Toast[] = [];
let nextId = 1;
const listeners = new Set<() => void>();
const emit = () => listeners.forEach((l) => l());

export function dismiss(id: number) {
  toasts = toasts.filter((t) => t.id !== id);
  emit();
}

/** Show a toast; returns its id. */
export function toast(t: Omit<Toast, 'id'>): number {
  ensureRegion();
  const id = nextId++;
  toasts = [...toasts, { ...t, id }].slice(-3);
  emit();
  if (!t.link) setTimeout(() => dismiss(id), TOAST_MS);
  return id;
}

export function useToasts(): Toast[] {
  return useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    () => toasts,
  );
}

/** For tests: forget every toast. */
export function resetToasts() {
  toasts = [];
  emit();
}

let region: HTMLElement | undefined;
function ensureRegion() {
  if (region?.isConnected) return;
  adoptStyles(css);
  region = document.createElement('section');
  region.className = 'toaster';
  region.setAttribute('aria-label', 'Notifications');
  document.body.append(region);
  createRoot(region).render(<Toaster />);
}

export function Toaster() {
  const list = useToasts();
  return (
    <ol className="toaster__list">
      {list.map((t) => (
        <li
          key={t.id}
          className={`toast${t.variant === 'destructive' ? ' toast--destructive' : ''}`}
          role={t.variant === 'destructive' ? 'alert' : 'status'}
        >
          <div className="toast__body">
            <p className="toast__title">{t.title}</p>
            {t.description && <p className="toast__description">{t.description}</p>}
            {t.link && (
              <a className="toast__link" href={t.link.href}>
                {t.link.label}
              </a>
            )}
          </div>
          <button type="button" className="toast__close" onClick={() => dismiss(t.id)} aria-label={t.dismiss}>
            ×
          </button>
        </li>
      ))}
    </ol>
  );
}
