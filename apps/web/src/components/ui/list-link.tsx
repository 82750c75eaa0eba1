import { Link, type LinkProps } from 'react-router';
import { Icon, type IconName } from './icon';

interface ListLinkProps extends Omit<LinkProps, 'children'> {
  icon: IconName;
  label: string;
  detail?: string;
}

/** A 56 px row in a settings list: icon, label, optional detail, chevron. */
export function ListLink({ icon, label, detail, className = '', ...rest }: ListLinkProps) {
  return (
    <Link {...rest} className={`flex min-h-14 items-center gap-3 px-4 active:bg-raised ${className}`}>
      <span className="flex size-9 shrink-0 items-center justify-center rounded-lg bg-raised text-accent">
        <Icon name={icon} className="size-5" />
      </span>
      <span className="min-w-0 flex-1 font-medium [overflow-wrap:anywhere]">{label}</span>
      {detail ? <span className="min-w-0 text-sm text-muted [overflow-wrap:anywhere]">{detail}</span> : null}
      <Icon name="chevron" className="size-5 text-muted" />
    </Link>
  );
}
