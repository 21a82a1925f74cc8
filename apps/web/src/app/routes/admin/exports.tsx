export { ExportsScreen as Component } from '@/features/console/components/exports-screen';
