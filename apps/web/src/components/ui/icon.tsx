// Small line icons drawn on a 24 x 24 grid; decorative, so hidden from screen readers.
const icons = {
  back: 'M15 5l-7 7 7 7',
  more: 'M12 5.5v.01M12 12v.01M12 18.5v.01',
  home: 'M4 11l8-7 8 7v9a1 1 0 01-1 1h-4v-6h-6v6H5a1 1 0 01-1-1z',
  user: 'M12 12a4 4 0 100-8 4 4 0 000 8zm-7 9c0-4 3-6.5 7-6.5s7 2.5 7 6.5',
  menu: 'M4 7h16M4 12h16M4 17h16',
  close: 'M6 6l12 12M18 6L6 18',
  chevron: 'M9 5l7 7-7 7',
  logout: 'M15 12H4m0 0l4-4m-4 4l4 4M13 4h5a2 2 0 012 2v12a2 2 0 01-2 2h-5',
  search: 'M11 18a7 7 0 100-14 7 7 0 000 14zm9 2l-4.3-4.3',
  camera: 'M4 8h3l2-3h6l2 3h3v11H4zM12 17a3.5 3.5 0 100-7 3.5 3.5 0 000 7z',
  globe: 'M12 21a9 9 0 100-18 9 9 0 000 18zm-9-9h18M12 3c2.5 3 2.5 15 0 18M12 3c-2.5 3-2.5 15 0 18',
  coins:
    'M12 8c4 0 7-1.3 7-3s-3-3-7-3-7 1.3-7 3 3 3 7 3zM5 5v6c0 1.7 3 3 7 3s7-1.3 7-3V5M5 11v6c0 1.7 3 3 7 3s7-1.3 7-3v-6',
  lock: 'M6 11h12v10H6zM8 11V7a4 4 0 018 0v4',
  doc: 'M7 3h7l5 5v13H7zM14 3v5h5M10 13h6M10 17h6',
  shield: 'M12 3l8 3v6c0 5-3.5 8-8 9-4.5-1-8-4-8-9V6z',
  check: 'M5 12l5 5 9-10',
  gamepad:
    'M7 9h10a4 4 0 014 4v1a3 3 0 01-5.4 1.8L14.5 14h-5l-1.1 1.8A3 3 0 013 14v-1a4 4 0 014-4zm1 2v4m-2-2h4m6.5-.5h.01m1.5 2h.01',
  star: 'M12 3l2.7 5.6 6.1.9-4.4 4.3 1 6.1L12 17l-5.4 2.9 1-6.1-4.4-4.3 6.1-.9z',
  alert: 'M12 4l9 16H3zm0 6v4m0 3v.01',
  wallet: 'M4 7h15a1 1 0 011 1v11a1 1 0 01-1 1H4zm0 0V5.5A1.5 1.5 0 015.5 4H16v3m0 7h.01',
  backspace: 'M9 5h11v14H9l-6-7zm3 4l5 6m0-6l-5 6',
  phone: 'M8 3h8a1 1 0 011 1v16a1 1 0 01-1 1H8a1 1 0 01-1-1V4a1 1 0 011-1zm3 15h2',
  arrowUp: 'M12 19V5m-6 6l6-6 6 6',
  arrowDown: 'M12 5v14m-6-6l6 6 6-6',
  boost: 'M13 3L4 14h7l-1 7 9-11h-7z',
  crown: 'M4 18h16M4 18L3 7l5 4 4-6 4 6 5-4-1 11',
  trophy: 'M8 4h8v5a4 4 0 01-8 0zm0 2H4v1a3 3 0 003 3m9-4h4v1a3 3 0 01-3 3m-5 3v4m-3 3h8m-6-3h4',
  play: 'M7 4.5v15l12-7.5z',
  pause: 'M8 5v14M16 5v14',
  medal: 'M12 21a6 6 0 100-12 6 6 0 000 12zM8.5 10L6 3h4l2 4 2-4h4l-2.5 7',
  tv: 'M4 7h16v11H4zM9 3l3 4 3-4M8 21h8',
  chat: 'M4 5h16v11H9l-5 4z',
  mail: 'M3 6h18v12H3zm0 0l9 7 9-7',
  paperclip: 'M20 11.5l-8 8a5 5 0 01-7-7l8.5-8.5a3.5 3.5 0 015 5L10 17.5a2 2 0 01-3-3L14.5 7',
  send: 'M4 12l16-8-6 16-3-7zm7 1l9-9',
  bell: 'M6 16v-5a6 6 0 0112 0v5l2 2H4zm4 3.5a2 2 0 004 0',
  wifiOff: 'M2 8.5a15 15 0 0120 0M5 12a10.5 10.5 0 0114 0M8.5 15.5a5 5 0 017 0M12 19.5h.01M3 3l18 18',
} as const;

export type IconName = keyof typeof icons;

interface LineIconProps {
  /** The marks, on a 24 x 24 grid. */
  path: string;
  strokeWidth?: string;
  className?: string;
}

/** A decorative line drawing in the current text colour: every icon of the app is one. */
export function LineIcon({ path, strokeWidth = '2', className = 'size-6' }: LineIconProps) {
  return (
    <svg
      aria-hidden="true"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={strokeWidth}
      strokeLinecap="round"
      strokeLinejoin="round"
      className={className}
    >
      <path d={path} />
    </svg>
  );
}

export function Icon({ name, className = 'size-6' }: { name: IconName; className?: string }) {
  return <LineIcon path={icons[name]} className={className} />;
}
