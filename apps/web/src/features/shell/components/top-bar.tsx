import type { Me } from '@kanal/contract';
import { type ReactNode, useCallback, useId, useRef, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { ArchiveIcon, HomeIcon, ProfileIcon } from '@/components/icons';
import { ARCHIVE_PAGE_STORAGE_KEY } from '@/lib/browser/storage-keys';
import { writeStored } from '@/lib/browser/stored-value';
import { fileUrl } from '@/lib/file-url';
import { useTranslation } from '@/lib/i18n';
import { ProfilePanel } from './profile-panel';
import '@/components/button.css';
import './top-bar.css';

type Props = {
  me: Me;
  onSignOut: () => void;
  signingOut: boolean;
  /** The profile statistics, when that feature exists; the panel shows nothing in their place until then. */
  profileStats?: ReactNode;
  /** The notices' bell, between the archive and the profile. */
  bell?: ReactNode;
};

/** Home stays lit while the user is inside a content item opened from it. */
const isHomePath = (pathname: string) => pathname === '/' || pathname.startsWith('/content/');
const isArchivePath = (pathname: string) => pathname === '/archive' || pathname.startsWith('/archive/');

/** Spec point 2: the archive icon starts the archive again at its first page; the chosen filters stay. */
const resetArchivePage = () => writeStored(ARCHIVE_PAGE_STORAGE_KEY, 0);

export function TopBar({ me, onSignOut, signingOut, profileStats, bell }: Props) {
  const { t } = useTranslation('shell');
  const { pathname } = useLocation();
  const [open, setOpen] = useState(false);
  const triggerRef = useRef<HTMLButtonElement>(null);
  const panelId = useId();

  const close = useCallback((returnFocus: boolean) => {
    setOpen(false);
    if (returnFocus) triggerRef.current?.focus();
  }, []);

  const logo = me.tenant.image ? fileUrl(me.tenant.image) : null;

  return (
    <header className="top-bar">
      <div className="top-bar__inner">
        <Link to="/" className="top-bar__brand">
          {/* The name beside it says whose logo it is: an alt repeating it would be read twice. Asked for after
              the screen's own code and pictures (issue 32): a slow phone's connection goes to them first. */}
          {logo ? <img className="top-bar__logo" src={logo} alt="" width="36" height="36" fetchPriority="low" /> : null}
          <span className="top-bar__tenant">{me.tenant.name}</span>
        </Link>
        <nav className="top-bar__nav" aria-label={t('nav.label')}>
          <Link
            to="/"
            className="icon-button"
            aria-label={t('nav.home')}
            title={t('nav.home')}
            aria-current={isHomePath(pathname) ? 'page' : undefined}
          >
            <HomeIcon />
          </Link>
          <Link
            to="/archive"
            className="icon-button"
            aria-label={t('nav.archive')}
            title={t('nav.archive')}
            aria-current={isArchivePath(pathname) ? 'page' : undefined}
            onClick={resetArchivePage}
          >
            <ArchiveIcon />
          </Link>
          {bell}
          <div className="top-bar__profile">
            <button
              ref={triggerRef}
              type="button"
              className="icon-button"
              aria-label={t('nav.profile')}
              title={t('nav.profile')}
              aria-expanded={open}
              aria-controls={panelId}
              aria-haspopup="dialog"
              onClick={() => (open ? close(false) : setOpen(true))}
            >
              <ProfileIcon />
            </button>
            {open ? (
              <ProfilePanel
                id={panelId}
                me={me}
                triggerRef={triggerRef}
                onClose={close}
                onSignOut={onSignOut}
                signingOut={signingOut}
                stats={profileStats}
              />
            ) : null}
          </div>
        </nav>
      </div>
    </header>
  );
}
