import { type Me, may } from '@kanal/contract';
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { Link, Outlet, useLocation, useNavigate } from 'react-router';
import { Button } from '@/components/button';
import { Toaster } from '@/components/feedback/toast';
import { LanguageSwitch } from '@/components/language-switch';
import { ApiError } from '@/lib/api-client';
import { useStoredValue } from '@/lib/browser/stored-value';
import { useTranslation } from '@/lib/i18n';
import { useTenant, useTenants } from '../api/tenants';
import { type ConsoleContext, ConsoleContextValue } from '../lib/console-context';
import { SCREEN_CAPABILITIES, type ScreenName } from '../lib/console-screens';
import { usePublishedHeight } from '../lib/published-height';
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

/** The list a console path belongs to: /admin/users/12 → /admin/users. */
const sectionOf = (pathname: string) => pathname.split('/').slice(0, 3).join('/');

/** The navigation, each link with the screen it opens: a role sees the links to the screens it may use. */
const NAV = [
  { to: '/admin/dashboard', screen: 'DashboardScreen', label: 'dashboard' },
  { to: '/admin/content', screen: 'ContentListScreen', label: 'content' },
  { to: '/admin/comments', screen: 'CommentQueueScreen', label: 'comments' },
  { to: '/admin/reviews', screen: 'ReviewScreen', label: 'reviews' },
  { to: '/admin/question-bank', screen: 'QuestionBankScreen', label: 'questionBank' },
  { to: '/admin/users', screen: 'UsersScreen', label: 'users' },
  { to: '/admin/groups', screen: 'GroupsScreen', label: 'groups' },
  { to: '/admin/import', screen: 'ImportScreen', label: 'import' },
  { to: '/admin/exports', screen: 'ExportsScreen', label: 'exports' },
  { to: '/admin/sso', screen: 'IdentityProvidersScreen', label: 'sso' },
  { to: '/admin/scim', screen: 'ScimTokensScreen', label: 'scim' },
  { to: '/admin/tenants', screen: 'TenantsScreen', label: 'tenants' },
  { to: '/admin/promotions', screen: 'PromotionsScreen', label: 'promotions' },
  { to: '/admin/system', screen: 'SystemScreen', label: 'system' },
] as const satisfies readonly { to: string; screen: ScreenName; label: string }[];

/** Signing out, which the app (the sign-in's owner) provides. */
type SignOut = { run: () => void; pending: boolean };

/** Who is signed in (name and role), with the way out. */
function Account({ me, signOut }: { me: Me; signOut: SignOut }) {
  const { t } = useTranslation('admin');
  return (
    <div className="console__account">
      <p className="console__who">
        <span className="visually-hidden">{t('console.account.label')} </span>
        <span className="console__who-name">{me.name}</span>
        <span className="console__who-role">{t(`console.roles.${me.role}`)}</span>
      </p>
      <Button variant="secondary" loading={signOut.pending} onClick={signOut.run}>
        {t('console.account.signOut')}
      </Button>
    </div>
  );
}

/** The console's frame: a bar with the organisation, the navigation (a menu on a phone) and the screen. */
export function ConsoleLayout({ me, signOut }: { me: Me; signOut: SignOut }) {
  const { t } = useTranslation('admin');
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const [tenantId, setTenantId] = useTenantChoice(me);
  const [menuOpen, setMenuOpen] = useState(false);
  const navId = useId();
  const bar = useRef<HTMLElement>(null);
  usePublishedHeight(bar, '--console-bar-height');
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
        // The same screen in the other organisation: its list, as an object open here (and the list's
        // filters, groups among them) belong to the previous one.
        navigate(sectionOf(pathname));
      },
    }),
    [me, tenantId, canEdit, canAuthor, setTenantId, navigate, pathname],
  );

  const links = NAV.filter((link) => may(me, SCREEN_CAPABILITIES[link.screen]));

  return (
    <ConsoleContextValue.Provider value={context}>
      <a href="#main" className="skip-link">
        {t('skipToContent', { ns: 'common' })}
      </a>
      <div className="console">
        <header ref={bar} className="console__bar">
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
          <Account me={me} signOut={signOut} />
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
                    {t(`console.nav.${link.label}`)}
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
