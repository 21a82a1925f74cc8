export { GroupsScreen as Component } from '@/features/console/components/groups-screen';
