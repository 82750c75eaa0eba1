import { Outlet, useOutletContext } from 'react-router';
import { type OpsTab, OpsTabs } from '../../components/ops-tabs';

const tabs: OpsTab[] = [
  { to: '/ops/community/feedback', label: 'Feedback' },
  { to: '/ops/community/moderation', label: 'Chat moderation' },
  { to: '/ops/community/broadcasts', label: 'Broadcasts' },
  { to: '/ops/community/audiences', label: 'Audiences' },
];

/** Community (support and admin): the feedback inbox, chat moderation, broadcasts and their saved audiences. */
export function Component() {
  // The operator, handed on to the area's screens as the console's layout hands it here.
  const operator = useOutletContext();
  return (
    <section className="flex flex-col gap-5">
      <h1 className="text-xl font-bold">Community</h1>
      <OpsTabs label="Community" tabs={tabs} />
      <Outlet context={operator} />
    </section>
  );
}
