import { NavLink } from 'react-router';
import { ScrollRow } from './scroll-row';

export interface OpsTab {
  to: string;
  label: string;
  /** Active only on this exact path, not on the paths under it. */
  end?: boolean;
}

/** The look of one tab of the console, shared with the tabs that switch a list in place. */
export function opsTabClassName(isActive: boolean) {
  return `flex h-11 items-center border-b-2 px-3 text-sm font-medium whitespace-nowrap ${isActive ? 'border-brand text-text' : 'border-transparent text-muted hover:text-text'}`;
}

/** An area's screens, a row of tabs that scrolls sideways on a phone, faded where it goes on. */
export function OpsTabs({ label, tabs }: { label: string; tabs: readonly OpsTab[] }) {
  return (
    <nav aria-label={label} className="-mx-4 md:mx-0">
      <ScrollRow>
        <ul className="flex w-max min-w-full gap-1 border-b border-line px-4 md:px-0">
          {tabs.map((tab) => (
            <li key={tab.to} className="shrink-0">
              <NavLink to={tab.to} end={tab.end} className={({ isActive }) => opsTabClassName(isActive)}>
                {tab.label}
              </NavLink>
            </li>
          ))}
        </ul>
      </ScrollRow>
    </nav>
  );
}
