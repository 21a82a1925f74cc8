export { TenantsScreen as Component } from '@/features/console/components/tenants-screen';
