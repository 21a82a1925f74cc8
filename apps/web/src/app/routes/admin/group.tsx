export { GroupScreen as Component } from '@/features/console/components/group-screen';
