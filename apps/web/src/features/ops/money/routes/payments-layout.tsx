import { Outlet, useOutletContext } from 'react-router';
import { MoneyTabs } from '../components/money-tabs';

/** Payments (finance and admin): every payment, those stuck, and the M-Pesa callbacks kept for a person. */
export function Component() {
  // The operator, handed on to the area's screens as the console's layout hands it here.
  const operator = useOutletContext();
  return (
    <section className="flex flex-col gap-5">
      <h1 className="text-xl font-bold">Payments</h1>
      <MoneyTabs />
      <Outlet context={operator} />
    </section>
  );
}
