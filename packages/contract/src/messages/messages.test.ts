import { describe, expect, it } from 'vitest';
import { isMessageKey, makeTranslate, pickLanguage, translate } from './messages.js';

describe('pickLanguage', () => {
  it('defaults to Croatian', () => {
    expect(pickLanguage(undefined)).toBe('hr');
    expect(pickLanguage('de-DE,fr;q=0.8')).toBe('hr');
  });
  it('honours the preferred supported language by quality', () => {
    expect(pickLanguage('en-GB,en;q=0.9')).toBe('en');
    expect(pickLanguage('de;q=1, en;q=0.5, hr;q=0.9')).toBe('hr');
    expect(pickLanguage('hr-HR')).toBe('hr');
  });
});

describe('translate', () => {
  it('interpolates parameters and the shared password limits', () => {
    expect(translate('en', 'errors.TooManyRequests', { minutes: 3 })).toBe('Too many attempts. Try again in 3 min.');
    expect(translate('hr', 'validation.passwordTooShort')).toBe('Minimalna dužina je 8 znakova');
  });
  it('falls back to English, then to the key itself', () => {
    const t = makeTranslate({ hr: { a: 'A-hr' }, en: { a: 'A-en', b: 'B-en' } });
    expect(t('hr', 'a')).toBe('A-hr');
    expect(t('hr', 'b')).toBe('B-en');
    expect(t('hr', 'c.d')).toBe('c.d');
  });
  it('knows which strings are message keys', () => {
    expect(isMessageKey('validation.required')).toBe(true);
    expect(isMessageKey('Expected string, received number')).toBe(false);
  });
  it('has every key in both languages', async () => {
    const keys = (o: object, prefix = ''): string[] =>
      Object.entries(o).flatMap(([k, v]) => (typeof v === 'object' ? keys(v, `${prefix}${k}.`) : [`${prefix}${k}`]));
    for (const file of ['', 'admin.']) {
      const hr = await import(`../locales/${file}hr.json`);
      const en = await import(`../locales/${file}en.json`);
      expect(keys(hr.default).sort()).toEqual(keys(en.default).sort());
    }
    // A message lives in one of the two catalogues, never both.
    const core = await import('../locales/en.json');
    const admin = await import('../locales/admin.en.json');
    expect(keys(core.default).filter((key) => keys(admin.default).includes(key))).toEqual([]);
  });
});

describe('contract schemas', () => {
  it('report locale keys, check new passwords and coerce ids', async () => {
    const { NewPasswordSchema, ResetPasswordFormSchema, IdParamsSchema, SignInBodySchema } = await import(
      '../index.js'
    );
    const firstMessage = (r: { success: boolean; error?: { issues: { message: string }[] } }) =>
      r.error?.issues[0]?.message;
    expect(firstMessage(NewPasswordSchema.safeParse(''))).toBe('validation.required');
    expect(firstMessage(NewPasswordSchema.safeParse('kratka'))).toBe('validation.passwordTooShort');
    expect(NewPasswordSchema.safeParse('dovoljno-duga').success).toBe(true);
    const mismatch = ResetPasswordFormSchema.safeParse({ password: 'lozinka-1', confirmPassword: 'lozinka-2' });
    expect(mismatch.error?.issues[0]).toMatchObject({
      message: 'validation.passwordsDontMatch',
      path: ['confirmPassword'],
    });
    expect(IdParamsSchema.parse({ id: '42' })).toEqual({ id: 42 });
    expect(IdParamsSchema.safeParse({ id: '4.2' }).success).toBe(false);
    expect(IdParamsSchema.safeParse({ id: '-1' }).success).toBe(false);
    expect(SignInBodySchema.parse({ email: ' ana ', password: 'x' })).toEqual({
      email: 'ana',
      password: 'x',
      rememberMe: false,
      application: 'web',
    });
  });
});
