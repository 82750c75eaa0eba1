import type { ReactNode } from 'react';
import { Icon, type IconName } from '../../../components/ui/icon';

interface TaskOutcomeProps {
  icon: IconName;
  tone: 'ok' | 'danger' | 'muted';
  title: string;
  text?: string | null;
  children?: ReactNode;
}

const tones = { ok: 'bg-ok/15 text-ok', danger: 'bg-danger/15 text-danger', muted: 'bg-raised text-muted' };

/** One end of the waiting page: an icon, a heading, what happened, and the ways on. */
export function TaskOutcome({ icon, tone, title, text, children }: TaskOutcomeProps) {
  return (
    <div className="flex flex-col items-center gap-4 text-center">
      <span className={`flex size-20 items-center justify-center rounded-full ${tones[tone]}`}>
        <Icon name={icon} className="size-10" />
      </span>
      <h1 className="text-2xl font-extrabold">{title}</h1>
      {text ? <p className="text-muted">{text}</p> : null}
      {children ? <div className="mt-4 flex w-full flex-col gap-3">{children}</div> : null}
    </div>
  );
}
