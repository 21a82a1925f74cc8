import { expect, type Page, test } from '@playwright/test';
import { anotherBrowser, DEMO_PASSWORD, seriousViolations } from './support/journey';

// Single sign-on (issue 31) against a real OpenID Connect provider started with the servers
// (support/oidc-provider.mjs): its own login page takes any password for the login typed there.
test.describe.configure({ timeout: 120_000 });

const DOMAIN = 'sso.demo.hr';

/** The demo organisation's admin adds its provider, as the console does, through the API. */
async function addProvider(page: Page) {
  const signIn = await page.request.post('/api/auth/signin', {
    data: { email: 'admin@demo.hr', password: DEMO_PASSWORD },
  });
  const { token } = ((await signIn.json()) as { payload: { token: string } }).payload;
  const created = await page.request.post('/api/identity-provider', {
    headers: { Authorization: `Bearer ${token}` },
    data: {
      name: 'Demo Entra',
      issuer: String(test.info().config.metadata.oidcIssuer),
      clientId: 'kanal-e2e',
      clientSecret: 'kanal-e2e-secret-0123456789',
      domains: [DOMAIN],
      groupsClaim: null,
      groups: [],
      createPeople: true,
      passwordsAllowed: false,
      enabled: true,
    },
  });
  expect(created.status()).toBe(200);
}

test('a new colleague signs in with the company account: the provider’s page, then home, added on the way; signs out there too', async ({
  page,
  browser,
  baseURL,
}) => {
  await addProvider(page);
  const nina = await anotherBrowser(browser, page, baseURL);
  await nina.goto('/login');
  await nina.getByLabel('E-mail ili korisničko ime').fill(`nina.novak@${DOMAIN}`);
  await nina.getByRole('button', { name: 'Prijava' }).click();

  // The provider's own login page, where the company password is typed (never into Kanal).
  await expect(nina).toHaveURL(new RegExp(`^${String(test.info().config.metadata.oidcIssuer)}/interaction/`));
  await nina.locator('input[name="login"]').fill(`nina.novak@${DOMAIN}`);
  await nina.locator('input[name="password"]').fill('lozinka-kod-pruzatelja');
  await nina.getByRole('button', { name: 'Sign-in' }).click();

  await expect(nina.getByRole('heading', { level: 1, name: 'Bok, Nina!' })).toBeVisible();
  expect(new URL(nina.url()).pathname).toBe('/');
  expect(new URL(nina.url()).hash).toBe('');
  expect(await seriousViolations(nina)).toEqual([]);

  // Passwords are off for the domain: the API refuses one, naming the way in.
  const refused = await nina.request.post('/api/auth/signin', {
    data: { email: `nina.novak@${DOMAIN}`, password: 'bilo-sto' },
  });
  expect(refused.status()).toBe(403);
  expect(((await refused.json()) as { code: string }).code).toBe('SsoRequired');

  // Signing out ends her session here and then at the provider, which asks, and sends her back to the login.
  await nina.getByRole('button', { name: 'Profil' }).click();
  await nina.getByRole('button', { name: 'Odjava' }).click();
  await expect(nina).toHaveURL(new RegExp(`^${String(test.info().config.metadata.oidcIssuer)}/session/end`));
  await nina.getByRole('button', { name: 'Yes, sign me out' }).click();
  await expect(nina).toHaveURL(/\/login$/);
  await expect(nina.getByRole('heading', { name: 'Prijava' })).toBeVisible();
  await nina.context().close();
});

test('a refused sign-in is explained, and the way back to the login is offered', async ({ page }) => {
  await page.goto('/sso?error=unknownPerson');
  await expect(page.getByRole('alert')).toHaveText(
    'Vaš račun kod pružatelja prijave nije povezan ni s jednom osobom u ovoj organizaciji. Zamolite administratora da vas doda.',
  );
  await expect(page.getByRole('link', { name: 'Natrag na prijavu' })).toHaveAttribute('href', '/login');
  expect(await seriousViolations(page)).toEqual([]);
});
