import { type Me, may } from '@kanal/contract';
import { useEffect, useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Outlet, useLocation, useNavigate } from 'react-router';
import { LanguageSwitch } from '@/components/language-switch';
import { Toaster } from '@/components/toast';
import { ApiError } from '@/lib/api-client';
import { useStoredValue } from '@/lib/stored-value';
import { useTenant, useTenants } from '../api/tenants';
import { type ConsoleContext, ConsoleContextValue } from '../lib/console-context';
import '@/components/button.css';
import './console-layout.css';

const parseTenantId = (stored: unknown) => (typeof stored === 'number' && Number.isInteger(stored) ? stored : null);

/** A SUPERADMIN's choice of organisation, remembered per person; everyone else works in their own. */
function useTenantChoice(me: Me): [number, (id: number) => void] {
  const [stored, setStored] = useStoredValue(`kanal.console.tenant.${me.id}`, parseTenantId, me.tenant.id);
  const chosen = may(me, 'tenants.manage') ? stored : me.tenant.id;
  // An organisation deleted meanwhile (here or by another SUPERADMIN) is left for one's own.
  const other = useTenant(chosen, chosen !== me.tenant.id);
  const gone = other.error instanceof ApiError && other.error.status === 404;
  useEffect(() => {
    if (gone) setStored(me.tenant.id);
  }, [gone, setStored, me.tenant.id]);
  return [gone ? me.tenant.id : chosen, setStored];
}

function TenantSwitcher({ tenantId, onChange }: { tenantId: number; onChange: (id: number) => void }) {
  const { t } = useTranslation('admin');
  const id = useId();
  // A provider runs tens of organisations, not thousands: the first hundred by name fill the list.
  const tenants = useTenants({ q: '', page: 0, limit: 100 });
  return (
    <div className="console-switcher">
      <label htmlFor={id} className="console-switcher__label">
        {t('console.tenantSwitcher.label')}
      </label>
      <select
        id={id}
        className="console-switcher__select"
        value={tenantId}
        disabled={!tenants.data}
        onChange={(event) => onChange(Number(event.currentTarget.value))}
      >
        {(tenants.data?.items ?? []).map((tenant) => (
          <option key={tenant.id} value={tenant.id}>
            {tenant.name}
          </option>
        ))}
        {tenants.data ? null : <option value={tenantId}>…</option>}
      </select>
      {tenants.isError ? (
        <p className="error-text" role="alert">
          {t('console.tenantSwitcher.loadFailed')}
        </p>
      ) : null}
    </div>
  );
}

/** The console's frame: a bar with the organisation, the navigation (a menu on a phone) and the screen. */
export function ConsoleLayout({ me }: { me: Me }) {
  const { t } = useTranslation('admin');
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const [tenantId, setTenantId] = useTenantChoice(me);
  const [menuOpen, setMenuOpen] = useState(false);
  const navId = useId();
  const canEdit = may(me, 'people.write');
  const canAuthor = may(me, 'content.author');

  // A new screen closes the phone menu.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the path is the trigger, not a value read.
  useEffect(() => setMenuOpen(false), [pathname]);

  const context = useMemo<ConsoleContext>(
    () => ({
      me,
      tenantId,
      canEdit,
      canAuthor,
      setTenantId: (id: number) => {
        setTenantId(id);
        // What was open belongs to the previous organisation.
        navigate('/admin');
      },
    }),
    [me, tenantId, canEdit, canAuthor, setTenantId, navigate],
  );

  const links = [
    ...(may(me, 'stats.read') ? [{ to: '/admin/dashboard', label: t('console.nav.dashboard') }] : []),
    { to: '/admin/content', label: t('console.nav.content') },
    ...(may(me, 'people.read')
      ? [
          { to: '/admin/users', label: t('console.nav.users') },
          { to: '/admin/groups', label: t('console.nav.groups') },
        ]
      : []),
    ...(canEdit ? [{ to: '/admin/import', label: t('console.nav.import') }] : []),
    ...(may(me, 'people.read') ? [{ to: '/admin/exports', label: t('console.nav.exports') }] : []),
    ...(may(me, 'tenants.manage') ? [{ to: '/admin/tenants', label: t('console.nav.tenants') }] : []),
    ...(may(me, 'promotions') ? [{ to: '/admin/promotions', label: t('console.nav.promotions') }] : []),
    ...(may(me, 'system') ? [{ to: '/admin/system', label: t('console.nav.system') }] : []),
  ];

  return (
    <ConsoleContextValue.Provider value={context}>
      <a href="#main" className="skip-link">
        {t('skipToContent', { ns: 'common' })}
      </a>
      <div className="console">
        <header className="console__bar">
          <button
            type="button"
            className="icon-button console__menu-button"
            aria-expanded={menuOpen}
            aria-controls={navId}
            aria-label={menuOpen ? t('console.nav.close') : t('console.nav.open')}
            title={menuOpen ? t('console.nav.close') : t('console.nav.open')}
            onClick={() => setMenuOpen((open) => !open)}
          >
            <svg width="24" height="24" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
              <path d="M4 7h16M4 12h16M4 17h16" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
            </svg>
          </button>
          <Link to="/admin" className="console__brand">
            <span className="console__product">{t('appName', { ns: 'common' })}</span>
            <span className="console__area">{t('console.title')}</span>
          </Link>
          {may(me, 'tenants.manage') ? (
            <TenantSwitcher tenantId={tenantId} onChange={context.setTenantId} />
          ) : (
            <span className="console__tenant">{me.tenant.name}</span>
          )}
        </header>
        <div className="console__body">
          <nav id={navId} className="console__nav" data-open={menuOpen} aria-label={t('console.nav.label')}>
            <ul className="console__links">
              {links.map((link) => (
                <li key={link.to}>
                  {/* Link, not NavLink: see useListParams on the router's shared chunk. */}
                  <Link
                    to={link.to}
                    className="console__link"
                    aria-current={pathname === link.to || pathname.startsWith(`${link.to}/`) ? 'page' : undefined}
                  >
                    {link.label}
                  </Link>
                </li>
              ))}
            </ul>
            <div className="console__nav-footer">
              <Link to="/" className="console__link">
                {t('console.nav.backToApp')}
              </Link>
              <LanguageSwitch />
            </div>
          </nav>
          <main id="main" className="console__main" tabIndex={-1}>
            <Outlet />
          </main>
        </div>
      </div>
      <Toaster />
    </ConsoleContextValue.Provider>
  );
}
