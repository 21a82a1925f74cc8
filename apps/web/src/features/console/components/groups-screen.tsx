import { ConsolePage } from './console-page';

export function GroupsScreen() {
  return <ConsolePage title="GroupsScreen">{null}</ConsolePage>;
}
