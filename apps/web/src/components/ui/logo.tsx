/** The PlayOn mark and wordmark; `sm` for screen tops, `lg` for the welcome page. */
export function Logo({ size = 'lg' }: { size?: 'sm' | 'lg' }) {
  const mark = size === 'lg' ? 56 : 36;
  return (
    <div className="flex items-center gap-3">
      <img src="/favicon.svg" alt="" width={mark} height={mark} style={{ width: mark, height: mark }} />
      <span className={`${size === 'lg' ? 'text-4xl' : 'text-2xl'} font-black tracking-tight`}>
        Play<span className="text-accent">On</span>
      </span>
    </div>
  );
}
