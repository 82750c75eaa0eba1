/**
 * A screen rendered ahead (ADR 0062) shows its buttons and fields before React has taken them over.
 * Until it has, a tap on a button or a link and a form's submit are held, not lost, and what the player
 * types stays in its field: once the screen is hydrated, the fields' text is handed to their components
 * and the taps are made again, in order. The entry starts holding (main.tsx); the page's root releases.
 */
let root: HTMLElement | null = null;
let held: Array<() => void> = [];
/**
 * What each field last held when typed into before the screen was the app's: hydrating a field React
 * controls may set it back to its state's value, so the text is kept here, not only in the field.
 */
const typedBefore = new Map<HTMLInputElement | HTMLTextAreaElement, string>();

function noteTyping(event: Event): void {
  const field = event.target;
  if (field instanceof HTMLInputElement || field instanceof HTMLTextAreaElement)
    typedBefore.set(field, field.value);
}

function holdTap(event: Event): void {
  const target = event.target instanceof Element ? event.target.closest('a, button') : null;
  if (!(target instanceof HTMLElement)) return;
  event.preventDefault();
  event.stopPropagation();
  held.push(() => target.isConnected && target.click());
}

function holdSubmit(event: Event): void {
  const form = event.target;
  if (!(form instanceof HTMLFormElement)) return;
  event.preventDefault();
  event.stopPropagation();
  held.push(() => form.isConnected && form.requestSubmit());
}

/** What the fields hold now, typed before this module ran (or before hydration starts): kept as typed. */
export function keepWhatIsTyped(): void {
  for (const field of root?.querySelectorAll('input, textarea') ?? [])
    if (
      (field instanceof HTMLInputElement || field instanceof HTMLTextAreaElement) &&
      field.value !== field.defaultValue
    )
      typedBefore.set(field, field.value);
}

export function holdEarlyInput(rootElement: HTMLElement): void {
  root = rootElement;
  root.addEventListener('click', holdTap, true);
  root.addEventListener('submit', holdSubmit, true);
  root.addEventListener('input', noteTyping, true);
  keepWhatIsTyped();
}

function stopHolding(): HTMLElement | null {
  const holder = root;
  holder?.removeEventListener('click', holdTap, true);
  holder?.removeEventListener('submit', holdSubmit, true);
  holder?.removeEventListener('input', noteTyping, true);
  root = null;
  return holder;
}

/**
 * Hydration kept what a field showed but not its component's state: the text goes through the field's
 * own `input` event, as if typed now. The field's value is first set the way React's tracker sees,
 * then the typed text the way it does not, so the event reads as a change.
 */
function handOver(field: HTMLInputElement | HTMLTextAreaElement, typed: string): void {
  const prototype =
    field instanceof HTMLInputElement ? HTMLInputElement.prototype : HTMLTextAreaElement.prototype;
  field.value = field.defaultValue;
  Object.getOwnPropertyDescriptor(prototype, 'value')?.set?.call(field, typed);
  field.dispatchEvent(new Event('input', { bubbles: true }));
}

/** The screen is hydrated: its fields get what was typed, and the held taps are made again. */
export function releaseEarlyInput(): void {
  const holder = stopHolding();
  if (!holder) return;
  // Read before any is handed over: each one renders its form again, which sets the others' text back
  // to their state's.
  const typed = new Map(typedBefore);
  typedBefore.clear();
  for (const field of holder.querySelectorAll('input, textarea'))
    if (
      (field instanceof HTMLInputElement || field instanceof HTMLTextAreaElement) &&
      !typed.has(field) &&
      field.value !== field.defaultValue
    )
      typed.set(field, field.value);
  for (const [field, text] of typed) if (field.isConnected) handOver(field, text);
  // A field focused before: its component hears of it now (the login screen fetches the next one then).
  const focused = document.activeElement;
  if (focused instanceof HTMLElement && holder.contains(focused))
    focused.dispatchEvent(new FocusEvent('focusin', { bubbles: true }));
  const taps = held;
  held = [];
  for (const tap of taps) tap();
}

/** The screen rendered ahead was not hydrated but replaced: what was done on it is gone with it. */
export function dropEarlyInput(): void {
  stopHolding();
  held = [];
  typedBefore.clear();
}
