/** A bar at the top while the next screen loads: on slow 4G a chunk can take a moment, and it says the tap was heard. */
export function NavProgress() {
  return (
    <div
      role="progressbar"
      aria-label="Loading"
      className="fixed inset-x-0 top-0 z-50 h-0.5 origin-left animate-[nav-progress_1.2s_ease-out_infinite] bg-accent"
    />
  );
}
