import { type ReactNode, type RefObject, useLayoutEffect, useRef } from 'react';
import { CloseIcon } from './icons';
import './button.css';
import './dropdown-panel.css';

type Props = {
  id: string;
  /** The id of the panel's heading, which names the dialog. */
  titleId: string;
  /** The button that opened it: a click on it is not a click outside. */
  triggerRef: RefObject<HTMLButtonElement | null>;
  /** `returnFocus`: closed by Escape or its close button, so focus goes back to the trigger. */
  onClose: (returnFocus: boolean) => void;
  /** What heads the panel (holding the element `titleId` names), beside its close button. */
  heading: ReactNode;
  closeLabel: string;
  className?: string;
  children: ReactNode;
};

/**
 * A top bar's panel (the profile, the notices): a dropdown under its button on a desktop, the whole
 * screen on a phone (dropdown-panel.css). It takes focus and locks the page's scroll while open, and
 * closes on Escape or a click outside.
 */
export function DropdownPanel({ id, titleId, triggerRef, onClose, heading, closeLabel, className, children }: Props) {
  const panelRef = useRef<HTMLDivElement>(null);

  // A layout effect: the lock and the focus must be in place before the panel is painted.
  useLayoutEffect(() => {
    const { body } = document;
    const previous = body.style.overflow;
    body.style.overflow = 'hidden';
    panelRef.current?.focus();
    return () => {
      body.style.overflow = previous;
    };
  }, []);

  // Also a layout effect: Preact runs plain effects after the next frame, and a click outside that lands
  // before then would be missed.
  useLayoutEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') onClose(true);
    };
    const onPointerDown = (event: PointerEvent | MouseEvent) => {
      const target = event.target as Node | null;
      if (!target || panelRef.current?.contains(target) || triggerRef.current?.contains(target)) return;
      onClose(false);
    };
    document.addEventListener('keydown', onKeyDown);
    document.addEventListener('mousedown', onPointerDown);
    return () => {
      document.removeEventListener('keydown', onKeyDown);
      document.removeEventListener('mousedown', onPointerDown);
    };
  }, [onClose, triggerRef]);

  return (
    <div
      ref={panelRef}
      id={id}
      className={['dropdown-panel', className ?? ''].filter(Boolean).join(' ')}
      role="dialog"
      aria-labelledby={titleId}
      tabIndex={-1}
    >
      <div className="dropdown-panel__header">
        <div className="dropdown-panel__heading">{heading}</div>
        <button
          type="button"
          className="icon-button dropdown-panel__close"
          aria-label={closeLabel}
          title={closeLabel}
          onClick={() => onClose(true)}
        >
          <CloseIcon />
        </button>
      </div>
      {children}
    </div>
  );
}
