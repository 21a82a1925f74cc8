import { may } from '@kanal/contract';
import { Navigate } from 'react-router';
import { useConsole } from '../lib/console-context';

/** /admin itself: a creator's work is content; everyone else starts with how the organisation is doing. */
export function ConsoleHome() {
  const { me } = useConsole();
  return <Navigate to={may(me, 'stats.read') ? '/admin/dashboard' : '/admin/content'} replace />;
}
