import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/preact';
import { afterEach, beforeAll, beforeEach, vi } from 'vitest';
import { authStore } from '@/lib/auth-store';
import { changeLanguage, initI18n } from '@/lib/i18n';

beforeAll(async () => {
  await initI18n();
});

beforeEach(async () => {
  authStore.clear();
  await changeLanguage('hr');
  localStorage.clear();
  sessionStorage.clear();
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  document.body.style.overflow = '';
});
