/** The slide's drawing, a static file: pictures stay out of the JavaScript loaded by `/`. */
export function SlideIcon({ index }: { index: number }) {
  return (
    <div className="flex size-36 items-center justify-center rounded-full bg-gradient-to-br from-brand/30 to-accent/20 ring-1 ring-brand/40">
      <img src={`/images/onboarding-${index + 1}.svg`} alt="" width={80} height={80} className="size-20" />
    </div>
  );
}
