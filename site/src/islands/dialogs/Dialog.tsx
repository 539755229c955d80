// A modal on the native <dialog>: showModal() makes the rest of the page inert, Escape closes it,
// and focus returns to what opened it. Tab wraps from the last control to the first (and back)
// instead of leaving for the browser's own UI.
import { useEffectEvent, useLayoutEffect, useRef, type ReactNode } from 'react';

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/** Keeps Tab inside `dialog` (its keydown listener, added by the effect). */
function wrapTab(dialog: HTMLDialogElement, e: KeyboardEvent) {
  if (e.key !== 'Tab') return;
  const all = [...dialog.querySelectorAll<HTMLElement>(FOCUSABLE)].filter(
    (el) => el.tabIndex >= 0 && el.getClientRects().length > 0 && !el.closest('[aria-hidden="true"]'),
  );
  // A radio group is one Tab stop: its checked radio, or its first.
  const radios = (el: HTMLElement) =>
    all.filter(
      (o): o is HTMLInputElement =>
        o instanceof HTMLInputElement && o.type === 'radio' && o.name === (el as HTMLInputElement).name,
    );
  const stops = all.filter((el) => {
    if (!(el instanceof HTMLInputElement) || el.type !== 'radio') return true;
    const group = radios(el);
    return el.checked || (!group.some((r) => r.checked) && group[0] === el);
  });
  const first = stops[0];
  const last = stops[stops.length - 1];
  if (!first) return;
  const active = document.activeElement;
  if (e.shiftKey && (active === first || !dialog.contains(active))) {
    e.preventDefault();
    last.focus();
  } else if (!e.shiftKey && (active === last || !dialog.contains(active))) {
    e.preventDefault();
    first.focus();
  }
}

export function Dialog({
  titleId,
  closeLabel,
  onClose,
  returnFocus,
  children,
  className = '',
}: {
  titleId: string;
  closeLabel: string;
  onClose: () => void;
  returnFocus?: Element | null;
  children: ReactNode;
  className?: string;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  // The latest onClose, without reopening the dialog when it changes.
  const onClosed = useEffectEvent(() => onClose());

  // A layout effect: its cleanup runs in the commit that removes the dialog, so focus is back on
  // the trigger at once (a passive effect's cleanup runs later, leaving focus on <body> meanwhile).
  useLayoutEffect(() => {
    const dialog = ref.current!;
    if (!dialog.open) dialog.showModal();
    const closed = () => onClosed();
    const keydown = (e: KeyboardEvent) => wrapTab(dialog, e);
    dialog.addEventListener('close', closed);
    dialog.addEventListener('keydown', keydown);
    return () => {
      dialog.removeEventListener('close', closed);
      dialog.removeEventListener('keydown', keydown);
      if (dialog.open) dialog.close();
      if (returnFocus instanceof HTMLElement && returnFocus.isConnected) returnFocus.focus();
    };
  }, [returnFocus]);

  return (
    <dialog ref={ref} className={`dialog ${className}`} aria-labelledby={titleId}>
      <div className="dialog__card">
        <button type="button" className="dialog__close" aria-label={closeLabel} onClick={() => ref.current?.close()}>
          <svg
            viewBox="0 0 24 24"
            width="20"
            height="20"
            aria-hidden="true"
            fill="none"
            stroke="currentColor"
            strokeWidth="1.5"
            strokeLinecap="round"
          >
            <path d="M6 6l12 12M18 6L6 18" />
          </svg>
        </button>
        {children}
      </div>
    </dialog>
  );
}
