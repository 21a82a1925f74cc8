import { render } from '@testing-library/preact';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { Providers } from '@/app/providers';
import { routes } from '@/app/router';
import { createQueryClient } from '@/lib/query-client';

type Entry = string | { pathname: string; state?: unknown };

/**
 * The real app (routes, providers, screens) in a memory router. Several entries make a history whose
 * last entry is shown, for screens that go back.
 */
export function renderApp(entries: Entry | Entry[], options: { user?: Parameters<typeof userEvent.setup>[0] } = {}) {
  const initialEntries = Array.isArray(entries) ? entries : [entries];
  const router = createMemoryRouter(routes, { initialEntries, initialIndex: initialEntries.length - 1 });
  const queryClient = createQueryClient();
  // Retrying with back-off would only slow the tests; the retry rule itself is not under test here.
  queryClient.setDefaultOptions({
    ...queryClient.getDefaultOptions(),
    queries: { ...queryClient.getDefaultOptions().queries, retry: false },
  });
  const user = userEvent.setup(options.user);
  const view = render(
    <Providers queryClient={queryClient}>
      <RouterProvider router={router} />
    </Providers>,
  );
  return { ...view, router, queryClient, user };
}
