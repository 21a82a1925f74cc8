import { screen } from '@testing-library/preact';
import { describe, expect, it } from 'vitest';
import enAdmin from '@/locales/en/admin/index';
import enArchive from '@/locales/en/archive.json';
import enAuth from '@/locales/en/auth.json';
import enCommon from '@/locales/en/common.json';
import enContent from '@/locales/en/content.json';
import enHome from '@/locales/en/home.json';
import enShell from '@/locales/en/shell.json';
import hrAdmin from '@/locales/hr/admin/index';
import hrArchive from '@/locales/hr/archive.json';
import hrAuth from '@/locales/hr/auth.json';
import hrCommon from '@/locales/hr/common.json';
import hrContent from '@/locales/hr/content.json';
import hrHome from '@/locales/hr/home.json';
import hrShell from '@/locales/hr/shell.json';
import { fakeApi, me, ok } from '@/test/fake-api';
import { renderApp } from '@/test/render-app';
import { authStore } from './auth-store';
import { i18n } from './i18n';

function keys(value: unknown, prefix = ''): string[] {
  if (typeof value !== 'object' || value === null) return [prefix];
  return Object.entries(value).flatMap(([k, v]) => keys(v, prefix ? `${prefix}.${k}` : k));
}

// Plural forms differ by language (hr: one/few/other, en: one/other); the base key must exist in both.
const PLURAL_SUFFIX = /_(zero|one|two|few|many|other)$/;
const pluralBases = (value: unknown) => [...new Set(keys(value).map((k) => k.replace(PLURAL_SUFFIX, '')))].sort();

describe('languages', () => {
  it('has every text in both languages', () => {
    const pairs = [
      [hrCommon, enCommon],
      [hrAuth, enAuth],
      [hrShell, enShell],
      [hrHome, enHome],
      [hrContent, enContent],
      [hrArchive, enArchive],
      [hrAdmin, enAdmin],
    ] as const;
    for (const [hr, en] of pairs) expect(pluralBases(hr)).toEqual(pluralBases(en));
  });

  it('has every plural form each language needs', () => {
    const forms = (lang: string) => new Intl.PluralRules(lang).resolvedOptions().pluralCategories;
    for (const [lang, catalogues] of [
      ['hr', [hrHome, hrContent, hrArchive, hrAdmin]],
      ['en', [enHome, enContent, enArchive, enAdmin]],
    ] as const) {
      const all = catalogues.flatMap((catalogue) => keys(catalogue));
      const bases = new Set(all.filter((k) => PLURAL_SUFFIX.test(k)).map((k) => k.replace(PLURAL_SUFFIX, '')));
      for (const base of bases) {
        for (const form of forms(lang)) expect(all).toContain(`${base}_${form}`);
      }
    }
  });

  it('takes the shared error and validation texts from the contract', () => {
    expect(i18n.t('validation.required', { lng: 'hr' })).toBe('Obavezno');
    expect(i18n.t('errors.SomethingWentWrong', { lng: 'hr' })).toBe('Nešto je pošlo po krivu');
  });

  it('switches language on the login screen, remembers it and sends it to the server', async () => {
    const api = fakeApi({ 'POST /auth/has-password': () => ok({ hasPassword: true }) });
    const { user } = renderApp('/login');
    expect(await screen.findByRole('heading', { name: 'Prijava' })).toBeInTheDocument();
    expect(document.documentElement.lang).toBe('hr');
    expect(screen.getByRole('button', { name: 'hrvatski' })).toHaveAttribute('aria-pressed', 'true');

    await user.click(screen.getByRole('button', { name: 'English' }));
    expect(await screen.findByRole('heading', { name: 'Log in' })).toBeInTheDocument();
    expect(screen.getByLabelText('Email or username')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'English' })).toHaveAttribute('aria-pressed', 'true');
    expect(localStorage.getItem('kanal.lang')).toBe('en');
    expect(document.documentElement.lang).toBe('en');

    await user.click(screen.getByRole('button', { name: 'Log in' }));
    expect(await screen.findByText('Required')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Email or username'), 'ana');
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    await screen.findByLabelText('Password');
    expect(api.find('POST', '/auth/has-password')?.headers.get('Accept-Language')).toBe('en');
  });

  it('offers the language choice in the profile panel', async () => {
    authStore.signIn({ token: 'tok', userId: 7 }, false);
    fakeApi({ 'GET /auth/me': () => ok(me) });
    const { user } = renderApp('/');
    await user.click(await screen.findByRole('button', { name: 'Profil' }));
    await user.click(screen.getByRole('button', { name: 'English' }));
    expect(await screen.findByRole('heading', { name: 'Hello, Ana!' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Log out' })).toBeInTheDocument();
  });
});
