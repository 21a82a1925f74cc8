import { Navigate, Outlet, useLocation } from 'react-router';
import { useSession } from '@/lib/auth-store';

/** Without a session, go to /login and remember where the user was heading. */
export function RequireAuth() {
  const session = useSession();
  const location = useLocation();
  if (!session) return <Navigate to="/login" replace state={{ from: location }} />;
  return <Outlet />;
}
