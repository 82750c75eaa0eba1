import { Icon, type IconName } from './icon';

export function EmptyState({ text, icon = 'gamepad' }: { text: string; icon?: IconName }) {
  return (
    <div className="flex flex-col items-center justify-center gap-3 rounded-2xl border border-dashed border-line bg-surface/60 px-6 py-8 text-center">
      <span className="flex size-12 items-center justify-center rounded-full bg-raised text-muted">
        <Icon name={icon} />
      </span>
      <p className="text-sm text-muted">{text}</p>
    </div>
  );
}
