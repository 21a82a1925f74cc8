import { ConsolePage } from './console-page';

export function GroupScreen() {
  return <ConsolePage title="GroupScreen">{null}</ConsolePage>;
}
