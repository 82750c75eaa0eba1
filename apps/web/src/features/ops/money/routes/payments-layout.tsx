import { Outlet, useOutletContext } from 'react-router';
import { type OpsTab, OpsTabs } from '../../components/ops-tabs';

const tabs: OpsTab[] = [
  { to: '/ops/payments', label: 'All payments', end: true },
  { to: '/ops/payments/open', label: 'Open a while' },
  { to: '/ops/payments/stuck', label: 'Stuck (24 h)' },
  { to: '/ops/payments/unmatched', label: 'Kept M-Pesa callbacks' },
];

/** Payments (finance and admin): every payment, those open a while, those stuck, and the M-Pesa callbacks kept for a person. */
export function Component() {
  // The operator, handed on to the area's screens as the console's layout hands it here.
  const operator = useOutletContext();
  return (
    <section className="flex flex-col gap-5">
      <h1 className="text-xl font-bold">Payments</h1>
      <OpsTabs label="Payments" tabs={tabs} />
      <Outlet context={operator} />
    </section>
  );
}
