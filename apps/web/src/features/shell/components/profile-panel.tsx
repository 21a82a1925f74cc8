import { type Me, may } from '@kanal/contract';
import type { ReactNode, RefObject } from 'react';
import { Link } from 'react-router';
import { Button } from '@/components/button';
import { DropdownPanel } from '@/components/dropdown-panel';
import { LanguageSwitch } from '@/components/language-switch';
import { useTranslation } from '@/lib/i18n';
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

/** The signed-in person, their figures and links, and the language. */
export function ProfilePanel({ id, me, triggerRef, onClose, onSignOut, signingOut, stats }: Props) {
  const { t } = useTranslation('shell');
  const titleId = `${id}-title`;

  return (
    <DropdownPanel
      id={id}
      titleId={titleId}
      triggerRef={triggerRef}
      onClose={onClose}
      closeLabel={t('profile.close')}
      className="profile-panel"
      heading={
        <>
          <h2 id={titleId} className="profile-panel__name">
            {me.name}
          </h2>
          <p className="profile-panel__email">{me.email ?? me.username}</p>
        </>
      }
    >
      {stats ? <section className="profile-panel__stats">{stats}</section> : null}
      <ul className="profile-panel__links">
        {may(me, 'console') ? (
          <li>
            <Link to="/admin" className="profile-panel__link" onClick={() => onClose(false)}>
              {t('profile.admin')}
            </Link>
          </li>
        ) : null}
        <li>
          <Link to="/profile" className="profile-panel__link" onClick={() => onClose(false)}>
            {t('profile.edit')}
          </Link>
        </li>
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
    </DropdownPanel>
  );
}
