import { type OperatorRole, type OpsArea, opsAreas } from '@playon/shared/ops';
import { Link } from 'react-router';
import { opsSections } from './ops-nav';

/**
 * What an operator sees at an address of an area their role may not use (a link shared by a
 * colleague, a bookmark from an earlier role): who may, and the way back. The server refuses the
 * area's calls as well; this page only spares the operator a form that cannot load.
 */
export function NotForYourRole({ role, area }: { role: OperatorRole; area: OpsArea | undefined }) {
  const section = opsSections.find((item) => item.area === area);
  const who = area ? opsAreas[area].join(', ') : 'admin';
  return (
    <section aria-labelledby="not-for-role" className="mx-auto flex max-w-md flex-col gap-3 py-10">
      <h1 id="not-for-role" className="text-xl font-bold">
        Not for your role
      </h1>
      <p className="text-muted">
        {section ? `${section.label} is` : 'This part of the console is'} for these roles: {who}. You are
        signed in as <span className="font-medium text-text">{role}</span>. An admin can change your role
        under Operators.
      </p>
      <Link to="/ops" className="text-accent">
        Back to the dashboard
      </Link>
    </section>
  );
}
