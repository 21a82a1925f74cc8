import { hasConsole, type Me } from '@kanal/contract';
import { type ReactNode, type RefObject, useLayoutEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '@/components/button';
import { CloseIcon } from '@/components/icons';
import { LanguageSwitch } from '@/components/language-switch';
import './profile-panel.css';

type Props = {
  id: string;
  me: Me;
  triggerRef: RefObject<HTMLButtonElement | null>;
  onClose: (returnFocus: boolean) => void;
  onSignOut: () => void;
  signingOut: boolean;
  stats?: ReactNode;
};

/** A dropdown on a desktop, the whole screen on a phone (see profile-panel.css). */
export function ProfilePanel({ id, me, triggerRef, onClose, onSignOut, signingOut, stats }: Props) {
  const { t } = useTranslation('shell');
  const panelRef = useRef<HTMLDivElement>(null);
  const titleId = `${id}-title`;

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
    <div ref={panelRef} id={id} className="profile-panel" role="dialog" aria-labelledby={titleId} tabIndex={-1}>
      <div className="profile-panel__header">
        <div className="profile-panel__who">
          <h2 id={titleId} className="profile-panel__name">
            {me.name}
          </h2>
          <p className="profile-panel__email">{me.email ?? me.username}</p>
        </div>
        <button
          type="button"
          className="icon-button profile-panel__close"
          aria-label={t('profile.close')}
          title={t('profile.close')}
          onClick={() => onClose(true)}
        >
          <CloseIcon />
        </button>
      </div>
      {stats ? <section className="profile-panel__stats">{stats}</section> : null}
      <ul className="profile-panel__links">
        {hasConsole(me.role) ? (
          <li>
            <Link to="/admin" className="profile-panel__link" onClick={() => onClose(false)}>
              {t('profile.admin')}
            </Link>
          </li>
        ) : null}
        <li>
          <Link to="/change-password" className="profile-panel__link" onClick={() => onClose(false)}>
            {t('profile.changePassword')}
          </Link>
        </li>
        <li>
          <Button variant="ghost" className="profile-panel__link" loading={signingOut} onClick={onSignOut}>
            {t('profile.logout')}
          </Button>
        </li>
      </ul>
      <LanguageSwitch className="profile-panel__language" />
    </div>
  );
}
