import { NavLink } from 'react-router';

const tabs = [
  { to: '/ops/payments', label: 'All payments', end: true },
  { to: '/ops/payments/stuck', label: 'Stuck', end: false },
  { to: '/ops/payments/unmatched', label: 'Kept M-Pesa callbacks', end: false },
];

/** The payments screens, a scrolling row of tabs on a phone. */
export function MoneyTabs() {
  return (
    <nav aria-label="Payments" className="-mx-4 overflow-x-auto px-4 md:mx-0 md:px-0">
      <ul className="flex gap-1 border-b border-line">
        {tabs.map((tab) => (
          <li key={tab.to} className="shrink-0">
            <NavLink
              to={tab.to}
              end={tab.end}
              className={({ isActive }) =>
                `flex h-11 items-center border-b-2 px-3 text-sm font-medium whitespace-nowrap ${isActive ? 'border-brand text-text' : 'border-transparent text-muted hover:text-text'}`
              }
            >
              {tab.label}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
