import { NavLink } from 'react-router';

const tabs = [
  { to: '/ops/community/feedback', label: 'Feedback' },
  { to: '/ops/community/moderation', label: 'Chat moderation' },
  { to: '/ops/community/broadcasts', label: 'Broadcasts' },
];

/** The community area's screens, a scrolling row of tabs on a phone. */
export function CommunityTabs() {
  return (
    <nav aria-label="Community" className="-mx-4 overflow-x-auto px-4 md:mx-0 md:px-0">
      <ul className="flex gap-1 border-b border-line">
        {tabs.map((tab) => (
          <li key={tab.to} className="shrink-0">
            <NavLink
              to={tab.to}
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
