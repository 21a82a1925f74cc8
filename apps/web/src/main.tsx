import '@/styles/tokens.css';
import '@/styles/base.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { Providers } from '@/app/providers';
import { createAppRouter } from '@/app/router';
import { reportOpenedFromMail } from '@/lib/browser/mail-receipt';
import { registerServiceWorker } from '@/lib/browser/offline';
import { initI18n } from '@/lib/i18n';
import { createQueryClient } from '@/lib/query-client';

registerServiceWorker();
reportOpenedFromMail();
const queryClient = createQueryClient();
const router = createAppRouter();

function render() {
  const root = document.getElementById('root');
  if (!root) return;
  createRoot(root).render(
    <StrictMode>
      <Providers queryClient={queryClient}>
        <RouterProvider router={router} />
      </Providers>
    </StrictMode>,
  );
}

// Texts first, so the first paint is already in the user's language; render anyway if they fail to load.
initI18n().then(render, (error: unknown) => {
  console.error(error);
  render();
});
