import { type ReactNode, useId, useLayoutEffect, useRef } from 'react';
import { useTranslation } from '@/lib/i18n';
import { Button } from './button';
import { ErrorText } from './form/error-text';
import { CloseIcon } from './icons';
import './button.css';
import './dialog.css';

type DialogProps = {
  title: string;
  onClose: () => void;
  children: ReactNode;
  /** The buttons at the bottom; the close button in the corner is always there. */
  actions?: ReactNode;
};

/**
 * A modal dialog on the browser's own `<dialog>`: it keeps focus inside, makes the page behind it
 * inert and gives focus back to what opened it. Mounted means open; Escape and the corner button ask
 * `onClose`, so the screen decides (a dialog that is saving may stay).
 */
export function Dialog({ title, onClose, children, actions }: DialogProps) {
  const { t } = useTranslation('common');
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();

  useLayoutEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (!dialog.open) dialog.showModal();
    return () => dialog.close();
  }, []);

  return (
    // Escape is handled on keydown, before the browser's own cancel, so the screen's onClose decides.
    <dialog
      ref={ref}
      className="dialog"
      aria-labelledby={titleId}
      onKeyDown={(event) => {
        if (event.key !== 'Escape') return;
        event.preventDefault();
        onClose();
      }}
    >
      <div className="dialog__header">
        <h2 id={titleId} className="dialog__title">
          {title}
        </h2>
        <button type="button" className="icon-button" aria-label={t('close')} title={t('close')} onClick={onClose}>
          <CloseIcon />
        </button>
      </div>
      <div className="dialog__body">{children}</div>
      {actions ? <div className="dialog__actions">{actions}</div> : null}
    </dialog>
  );
}

type ConfirmProps = {
  title: string;
  /** What will happen, in a sentence. */
  children: ReactNode;
  confirmLabel: string;
  onConfirm: () => void;
  onCancel: () => void;
  pending?: boolean;
  /** Why the last attempt failed. */
  error?: string;
  /** A destructive action is drawn in red. */
  danger?: boolean;
  /** Disables the confirmation until the screen's condition holds (a name typed back). */
  disabled?: boolean;
};

/** Asks before doing something that cannot be undone; stays open with the error if it fails. */
export function ConfirmDialog(props: ConfirmProps) {
  const { t } = useTranslation('common');
  const { title, children, confirmLabel, onConfirm, onCancel, pending, error, danger, disabled } = props;
  return (
    <Dialog
      title={title}
      onClose={onCancel}
      actions={
        <>
          <Button variant="secondary" onClick={onCancel}>
            {t('cancel')}
          </Button>
          <Button
            className={danger ? 'button--danger' : undefined}
            loading={pending}
            disabled={disabled}
            onClick={onConfirm}
          >
            {confirmLabel}
          </Button>
        </>
      }
    >
      <div className="dialog__message">{children}</div>
      <ErrorText alert>{error}</ErrorText>
    </Dialog>
  );
}
