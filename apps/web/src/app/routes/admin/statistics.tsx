import { guardScreens } from '@/console/layout/not-available';
import { ContentStatsScreen } from '@/features/statistics/components/content-stats-screen';
import { DashboardScreen } from '@/features/statistics/components/dashboard-screen';

/**
 * The statistics screens are their own chunk, with the chart library, which no other console screen
 * needs: it is fetched when a dashboard or an item's statistics are first opened.
 */
export const screens = guardScreens({ DashboardScreen, ContentStatsScreen });
export type StatsScreen = keyof typeof screens;
