import { NavLink } from 'react-router';

const tabs = [
  { to: '/ops/content/games', label: 'Games' },
  { to: '/ops/content/tournaments', label: 'Tournaments' },
  { to: '/ops/content/banners', label: 'Banners' },
  { to: '/ops/content/tv', label: 'Playon TV' },
  { to: '/ops/content/packages', label: 'Packages' },
  { to: '/ops/content/support', label: 'Support' },
  { to: '/ops/content/chat-rooms', label: 'Chat rooms' },
];

/** The content area's screens, a scrolling row of tabs on a phone. */
export function ContentTabs() {
  return (
    <nav aria-label="Content" className="-mx-4 overflow-x-auto px-4 md:mx-0 md:px-0">
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
