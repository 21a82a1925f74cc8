export { ImportScreen as Component } from '@/features/console/components/import-screen';
