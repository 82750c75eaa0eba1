import { useState } from 'react';
import { SlideIcon } from './slide-icon';
import { useWelcomeText } from './welcome-text';

/** Three slides (default export, for React.lazy): subscriptions, free games, the profile. Next moves on, dots jump, the last goes to login. */
export default function Onboarding({ goToLogin }: { goToLogin: () => void }) {
  const { text } = useWelcomeText();
  const [index, setIndex] = useState(0);
  const slide = text.slides[index] ?? text.slides[0];
  const isLast = index === text.slides.length - 1;

  return (
    <section aria-label={slide.title} className="flex flex-1 flex-col">
      <div className="flex justify-end">
        <button type="button" onClick={goToLogin} className="tap px-2 text-sm text-muted">
          {text.skip}
        </button>
      </div>
      <div
        key={index}
        aria-live="polite"
        className="flex flex-1 flex-col items-center gap-6 pt-[12vh] text-center animate-[toast-in_0.25s_ease-out]"
      >
        <SlideIcon index={index} />
        <h1 className="flex min-h-16 items-end text-2xl font-bold">{slide.title}</h1>
        <p className="max-w-xs text-base leading-relaxed text-muted">{slide.body}</p>
      </div>
      <div className="flex justify-center gap-1 py-6">
        {text.slides.map((s, i) => (
          <button
            key={s.title}
            type="button"
            aria-label={text.goToSlide.replace('{{n}}', String(i + 1))}
            aria-current={i === index ? 'step' : undefined}
            onClick={() => setIndex(i)}
            className="tap flex items-center justify-center"
          >
            <span
              className={`block h-2 rounded-full transition-all ${i === index ? 'w-6 bg-brand' : 'w-2 bg-line'}`}
            />
          </button>
        ))}
      </div>
      <button
        type="button"
        onClick={() => (isLast ? goToLogin() : setIndex(index + 1))}
        className="h-12 w-full rounded-xl bg-brand text-base font-semibold text-white active:bg-brand-strong"
      >
        {isLast ? text.finish : text.next}
      </button>
    </section>
  );
}
