import { LineIcon } from '../../../components/ui/icon';
import type { ContactName } from './contact-links';

// Line marks on a 24 x 24 grid, in the style of components/ui/icon; decorative.
const marks: Record<ContactName, string> = {
  Email: 'M3 6h18v12H3zm0 0l9 7 9-7',
  Phone: 'M5 4h4l2 5-2.5 1.5a11 11 0 005 5L15 13l5 2v4a1 1 0 01-1 1A16 16 0 014 5a1 1 0 011-1z',
  Instagram:
    'M7 3h10a4 4 0 014 4v10a4 4 0 01-4 4H7a4 4 0 01-4-4V7a4 4 0 014-4zm5 13a4 4 0 100-8 4 4 0 000 8zm5.5-9.5v.01',
  Twitter: 'M4 4l16 16M20 4L4 20',
  Facebook:
    'M14 21v-8h3l.5-3.5H14V7.5c0-1 .5-2 2-2h1.7V2.6A22 22 0 0015.2 2.4C12.7 2.4 11 4 11 6.8v2.7H8V13h3v8',
  Whatsapp:
    'M4 20l1.3-4.2A8.5 8.5 0 1112 20.5a8.4 8.4 0 01-4-1zM9 8.5c0 3.5 3 6.5 6.5 6.5l1-1.5-2-1-1 .8a5 5 0 01-2.3-2.3l.8-1-1-2z',
};

export function ContactIcon({ name, className = 'size-6' }: { name: ContactName; className?: string }) {
  return <LineIcon path={marks[name]} strokeWidth="1.8" className={className} />;
}
