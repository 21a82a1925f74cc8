import { ConsolePage } from './console-page';

export function TenantsScreen() {
  return <ConsolePage title="TenantsScreen">{null}</ConsolePage>;
}
