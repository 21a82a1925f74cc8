import { ContentStatsScreen } from '@/features/console/components/content-stats-screen';
import { DashboardScreen } from '@/features/console/components/dashboard-screen';
import { guardScreens } from '@/features/console/components/not-available';

/**
 * The statistics screens are their own chunk, with the chart library, which no other console screen
 * needs: it is fetched when a dashboard or an item's statistics are first opened.
 */
export const screens = guardScreens({ DashboardScreen, ContentStatsScreen });
export type StatsScreen = keyof typeof screens;
