import { PickerScreen } from '../components/picker-screen';

export function Component() {
  return <PickerScreen type="currency" />;
}
