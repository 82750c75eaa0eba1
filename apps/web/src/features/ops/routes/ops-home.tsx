import { mayUse, type Operator } from '@playon/shared/ops';
import { Navigate, useOutletContext } from 'react-router';
import { opsSections } from '../components/ops-nav';

/** /ops: the first area of the menu this operator may use. */
export function Component() {
  const operator = useOutletContext<Operator>();
  const first = opsSections.find((section) => mayUse(operator.role, section.area));
  return <Navigate to={first?.to ?? '/ops/audit'} replace />;
}
