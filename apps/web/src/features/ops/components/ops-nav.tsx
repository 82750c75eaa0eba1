import { mayUse, type OperatorRole, type OpsArea } from '@playon/shared/ops';
import { NavLink } from 'react-router';
import { ScrollRow } from './scroll-row';

/** The console's areas in the order of the menu; each shows only to the roles that may use it. */
export const opsSections: { area: OpsArea; to: string; label: string }[] = [
  { area: 'dashboard', to: '/ops', label: 'Dashboard' },
  { area: 'players', to: '/ops/players', label: 'Players' },
  { area: 'money', to: '/ops/payments', label: 'Payments' },
  { area: 'money', to: '/ops/reconciliation', label: 'Reconciliation' },
  { area: 'insight', to: '/ops/insight', label: 'Insight' },
  { area: 'audit', to: '/ops/audit', label: 'Audit log' },
  { area: 'content', to: '/ops/content', label: 'Content' },
  { area: 'community', to: '/ops/community', label: 'Community' },
  { area: 'operators', to: '/ops/operators', label: 'Operators' },
];

/** The area a console address belongs to (its menu entry's), or undefined for an unknown address. */
export function areaOfPath(pathname: string): OpsArea | undefined {
  const path = pathname.replace(/\/+$/, '') || '/';
  if (path === '/ops') return 'dashboard';
  return opsSections.find(
    (section) => section.to !== '/ops' && (path === section.to || path.startsWith(`${section.to}/`)),
  )?.area;
}

/** Side menu on a laptop, a row that scrolls sideways on a phone, faded where it goes on. */
export function OpsNav({ role }: { role: OperatorRole }) {
  return (
    <nav
      aria-label="Console"
      className="border-b border-line md:min-h-[calc(100dvh-3.5rem)] md:w-56 md:shrink-0 md:border-r md:border-b-0"
    >
      <ScrollRow>
        <ul className="flex w-max min-w-full gap-1 px-3 py-2 md:w-auto md:flex-col md:px-3 md:py-4">
          {opsSections
            .filter((section) => mayUse(role, section.area))
            .map((section) => (
              <li key={section.to} className="shrink-0">
                <NavLink
                  to={section.to}
                  // The dashboard is /ops itself: lit only there, not under every area.
                  end={section.to === '/ops'}
                  className={({ isActive }) =>
                    `flex h-11 items-center rounded-lg px-3 text-sm font-medium whitespace-nowrap ${isActive ? 'bg-brand/20 text-text' : 'text-muted hover:bg-raised'}`
                  }
                >
                  {section.label}
                </NavLink>
              </li>
            ))}
        </ul>
      </ScrollRow>
    </nav>
  );
}
