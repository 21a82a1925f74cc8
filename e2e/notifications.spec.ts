import { expect, test } from '@playwright/test';
import { browserSubscription, startFakePush, verifiedVapid } from '../apps/server/src/test/fake-push';
import { anotherBrowser, logIn, seriousViolations } from './support/journey';
import { stubPushManager } from './support/push';

test('the bell lists the notices of new items, reads well to axe, and opens the item', async ({ page }) => {
  // The demo's newest items were announced when the server started (the job queue's first run).
  await logIn(page, 'ana@demo.hr');
  const bell = page.getByRole('button', { name: /^Obavijesti: \d+ nepročitan/ });
  await expect(bell).toBeVisible();
  await bell.click();
  const panel = page.getByRole('dialog', { name: 'Obavijesti' });
  const entry = panel.getByRole('button', { name: /Vaš cjenik za 2026\./ });
  await expect(entry).toBeVisible();
  await expect(entry).toContainText('Nepročitano');
  expect(await seriousViolations(page)).toEqual([]);

  await entry.click();
  await expect(page).toHaveURL(/\/content\/\d+(\/intro)?$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Vaš cjenik za 2026.' })).toBeVisible();
  await page.getByRole('button', { name: /^Obavijesti/ }).click();
  await expect(panel.getByRole('button', { name: /Vaš cjenik za 2026\./ })).not.toContainText('Nepročitano');
});

test('the notification settings read well to axe and keep what the person chose', async ({ page }) => {
  await logIn(page, 'obavijest@demo.hr');
  await page.getByRole('button', { name: 'Profil' }).click();
  await page.getByRole('link', { name: 'Moj profil i obavijesti' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Moj profil' })).toBeVisible();
  const settings = page.getByRole('region', { name: 'Postavke obavijesti' });
  const reminders = settings
    .getByRole('group', { name: 'E-mail' })
    .getByRole('checkbox', { name: 'Podsjetnici prije roka' });
  await expect(reminders).toBeChecked();
  expect(await seriousViolations(page)).toEqual([]);

  await reminders.uncheck();
  await settings.getByRole('button', { name: 'Spremi' }).click();
  await expect(page.getByText('Postavke obavijesti su spremljene.')).toBeVisible();
  await page.reload();
  await expect(
    page.getByRole('group', { name: 'E-mail' }).getByRole('checkbox', { name: 'Podsjetnici prije roka' }),
  ).not.toBeChecked();
  await reminders.check();
  await settings.getByRole('button', { name: 'Spremi' }).click();
  await expect(page.getByText('Postavke obavijesti su spremljene.')).toBeVisible();
});

test('the operator’s system page: a backup downloads, the mail test answers, the queue and the log read well to axe', async ({
  page,
}) => {
  await logIn(page, 'super@demo.hr');
  await page.goto('/admin/system');
  await expect(page.getByRole('heading', { level: 1, name: 'Sustav' })).toBeVisible();
  const installation = page.getByRole('region', { name: 'Instalacija' });
  await expect(installation).toContainText('Ugrađena baza (PGlite, u DATA_DIR)');
  const saved = page.waitForEvent('download');
  await installation.getByRole('button', { name: 'Preuzmi sigurnosnu kopiju' }).click();
  expect((await saved).suggestedFilename()).toMatch(/^kanal-backup-\d{8}-\d{4}\.tar\.gz$/);
  await page.getByRole('button', { name: 'Pošalji probnu poruku' }).click();
  // The journeys' SMTP catcher accepted it: its answer is shown as it came.
  await expect(page.getByRole('status').filter({ hasText: 'Poruka je poslana na super@demo.hr' })).toContainText(
    /Odgovor: 250/,
  );
  const log = page.getByRole('table', { name: 'Dnevnik' });
  // Each entry reads as a sentence, the person in it linked to their page.
  const signedIn = log.getByRole('row').filter({ hasText: 'se prijavio/la.' }).first();
  await expect(signedIn.getByRole('link')).toHaveAttribute('href', /^\/admin\/users\/\d+$/);
  expect(await seriousViolations(page)).toEqual([]);
});

/** The web push journey's item (e2e/support/fixtures.mjs), sent to pretplata@demo.hr alone. */
const PUSH_ITEM = 'Novi raspored dežurstava';

test('a push notice: the browser subscribes, an admin reminds, the service worker shows it, a click opens the item', async ({
  page,
  browser,
  baseURL,
}) => {
  // At the port this project's server takes push subscriptions at (playwright.config.ts).
  const push = await startFakePush({ port: Number(test.info().project.metadata.pushPort) });
  try {
    const path = `/subscription/${test.info().project.name}`;
    const subscription = browserSubscription(`${push.url}${path}`);
    await page.context().grantPermissions(['notifications']);
    await page.addInitScript(stubPushManager, subscription.body);

    await logIn(page, 'pretplata@demo.hr');
    await page.getByRole('button', { name: 'Profil' }).click();
    await page.getByRole('link', { name: 'Moj profil i obavijesti' }).click();
    const thisBrowser = page.getByRole('region', { name: 'Ovaj preglednik' });
    await thisBrowser.getByRole('button', { name: 'Uključi u ovom pregledniku' }).click();
    await expect(thisBrowser).toContainText('Push obavijesti stižu u ovaj preglednik');

    const admin = await anotherBrowser(browser, page, baseURL);
    await logIn(admin, 'admin@demo.hr');
    await admin.goto(`/admin/content?q=${encodeURIComponent(PUSH_ITEM)}`);
    await admin.getByRole('link', { name: `Statistika, ${PUSH_ITEM}`, exact: false }).click();
    await expect(admin.getByRole('heading', { level: 1, name: 'Statistika' })).toBeVisible();
    await admin.getByRole('button', { name: 'Podsjeti' }).click();
    await admin.getByRole('dialog').getByRole('button', { name: 'Podsjeti' }).click();
    await expect(admin.getByText('Podsjetnik je poslan 1 osobi.')).toBeVisible();

    // What reached the push service: signed with the key the browser subscribed with, readable only
    // with the subscription's own keys.
    await expect.poll(() => push.to(path).length).toBe(1);
    const [sent] = push.to(path);
    if (!sent) throw new Error('no push arrived');
    expect(verifiedVapid(sent)).toMatchObject({
      key: await page.evaluate(() => localStorage.getItem('e2e:push-key')),
      claims: { aud: push.url },
    });
    expect(sent.headers['content-encoding']).toBe('aes128gcm');
    const message = subscription.decrypt(sent.body) as { title: string; url: string };
    expect(message).toMatchObject({ title: PUSH_ITEM, url: expect.stringMatching(/^\/content\/\d+\/intro$/) });

    // The browser's push service would now hand the decrypted message to the service worker: here the
    // DevTools protocol does.
    const devtools = await page.context().newCDPSession(page);
    const registration = new Promise<string>((resolve) =>
      devtools.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
        const live = registrations.find((r) => !r.isDeleted);
        if (live) resolve(live.registrationId);
      }),
    );
    await devtools.send('ServiceWorker.enable');
    await devtools.send('ServiceWorker.deliverPushMessage', {
      origin: new URL(page.url()).origin,
      registrationId: await registration,
      data: JSON.stringify(message),
    });
    const shown = () =>
      page.evaluate(async () =>
        (await (await navigator.serviceWorker.ready).getNotifications()).map((n) => ({ title: n.title, body: n.body })),
      );
    await expect.poll(shown).toEqual([{ title: PUSH_ITEM, body: expect.stringMatching(/\S/) }]);

    // No browser lets a test click a system notification: the worker gets the click event the browser
    // would give it, and the test waits on what it started, as the browser would.
    const [worker] = page.context().serviceWorkers();
    if (!worker) throw new Error('no service worker');
    await worker.evaluate(async () => {
      const scope = self as unknown as {
        registration: ServiceWorkerRegistration;
        NotificationEvent: new (type: string, init: { notification: Notification }) => Event;
        dispatchEvent(event: Event): boolean;
      };
      const [notification] = await scope.registration.getNotifications();
      if (!notification) throw new Error('no notification shown');
      const click = new scope.NotificationEvent('notificationclick', { notification });
      const started: Promise<unknown>[] = [];
      Object.defineProperty(click, 'waitUntil', { value: (work: Promise<unknown>) => started.push(work) });
      scope.dispatchEvent(click);
      await Promise.all(started);
    });
    await expect(page).toHaveURL(new RegExp(`${message.url}$`));
    await expect(page.getByRole('heading', { level: 1, name: PUSH_ITEM })).toBeVisible();
    await expect.poll(shown).toEqual([]);

    // The bell lists it, newest first, and read: it was opened from the system's notification.
    await page.getByRole('button', { name: /^Obavijesti/ }).click();
    const newest = page
      .getByRole('dialog', { name: 'Obavijesti' })
      .getByRole('button', { name: new RegExp(PUSH_ITEM) })
      .first();
    await expect(newest).toBeVisible();
    await expect(newest).not.toContainText('Nepročitano');

    // The worker reported the notice received and opened: the item's statistics count it.
    await admin.reload();
    await expect(admin.getByText('obaviješteno 1, primilo na uređaju 1, otvorilo 1')).toBeVisible();
    await admin.context().close();
  } finally {
    await push.close();
  }
});
