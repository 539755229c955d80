// A modal on the native <dialog>: showModal() makes the rest of the page inert (focus stays
// inside), Escape closes it, and focus returns to what opened it.
import { useEffect, useRef, type ReactNode } from 'react';

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
  const onCloseRef = useRef(onClose);
  onCloseRef.current = onClose;

  useEffect(() => {
    const dialog = ref.current!;
    if (!dialog.open) dialog.showModal();
    const closed = () => onCloseRef.current();
    dialog.addEventListener('close', closed);
    return () => {
      dialog.removeEventListener('close', closed);
      if (dialog.open) dialog.close();
      if (returnFocus instanceof HTMLElement && returnFocus.isConnected) returnFocus.focus();
    };
  }, [returnFocus]);

  return (
    <dialog ref={ref} className={`dialog ${className}`} aria-labelledby={titleId}>
      <div className="dialog__card">
        <button type="button" className="dialog__close" aria-label={closeLabel} onClick={() => ref.current?.close()}>
          <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" fill="none" stroke="currentColor" strokeWidth="1.5" strokeLinecap="round">
            <path d="M6 6l12 12M18 6L6 18" />
          </svg>
        </button>
        {children}
      </div>
    </dialog>
  );
}
