import { ConsolePage } from './console-page';

export function UserScreen() {
  return <ConsolePage title="UserScreen">{null}</ConsolePage>;
}
