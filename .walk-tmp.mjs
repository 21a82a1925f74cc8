import { chromium } from '@playwright/test';
const base = 'http://127.0.0.1:3901';
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] });
async function as(who) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  await page.goto(`${base}/login`);
  await page.locator('input').first().fill(who);
  await page.locator('button[type=submit]').first().click();
  await page.locator('input[type=password]').first().fill('Demo1234!');
  await page.locator('button[type=submit]').first().click();
  await page.waitForURL((u) => !u.pathname.startsWith('/login'), { timeout: 60000 });
  return page;
}
async function controls(page, path) {
  await page.goto(`${base}${path}`);
  await page.locator('h1').first().waitFor({ timeout: 60000 });
  await page.waitForTimeout(1500);
  const h1 = await page.locator('h1').first().textContent();
  const buttons = await page.locator('main button:visible, main a.button:visible').allTextContents();
  const enabledInputs = await page.locator('main input:enabled:visible, main textarea:enabled:visible, main [contenteditable=true]').count();
  console.log(`  ${path} [${h1}] inputs:${enabledInputs} buttons: ${[...new Set(buttons.map((b) => b.trim()))].join(' | ')}`);
}
const admin = await as('admin@demo.hr');
await admin.goto(`${base}/admin/content`);
await admin.locator('table').waitFor();
const hrefs = await admin.locator('a[href^="/admin/content/"]').evaluateAll((as) => as.map((a) => a.getAttribute('href')));
const ids = [...new Set(hrefs.map((h) => h.match(/\/admin\/content\/(\d+)/)?.[1]).filter(Boolean))].slice(0, 6);
console.log('ids', ids);
for (const who of ['analyst@demo.hr', 'creator@demo.hr', 'admin@demo.hr']) {
  console.log(who);
  const page = await as(who);
  for (const path of ['/admin/content', `/admin/content/${ids[1]}`, `/admin/content/${ids[2]}/comments`, `/admin/content/${ids[2]}/answers`, `/admin/content/${ids[2]}/statistics`, '/admin/users', '/admin/groups', '/admin/dashboard', '/admin/exports']) {
    try { await controls(page, path); } catch (e) { console.log('  ', path, 'ERR', e.message.split('\n')[0]); }
  }
}
await browser.close();
