/** On-screen toasts (docs/product.md, "Toasts"): at most 2 shown, each for 5000 ms. */
export const MAX_TOASTS = 2;
export const TOAST_DURATION_MS = 5000;

export type ToastKind = 'success' | 'error' | 'info';

export interface Toast {
  id: number;
  kind: ToastKind;
  message: string;
}

let toasts: readonly Toast[] = [];
let nextId = 1;
const listeners = new Set<() => void>();
const timers = new Map<number, ReturnType<typeof setTimeout>>();

function emit(next: readonly Toast[]) {
  toasts = next;
  for (const listener of listeners) listener();
}

export function dismissToast(id: number): void {
  clearTimeout(timers.get(id));
  timers.delete(id);
  emit(toasts.filter((toast) => toast.id !== id));
}

export interface ToastOptions {
  /** How long it shows; the push notification toast closes sooner (docs/product.md, "Toasts"). */
  durationMs?: number;
}

/** Shows a toast; a third one pushes the oldest out. The same message twice in a row is shown once. */
export function showToast(message: string, kind: ToastKind = 'info', options: ToastOptions = {}): void {
  if (toasts.some((toast) => toast.message === message && toast.kind === kind)) return;
  const toast = { id: nextId++, kind, message };
  const kept = [...toasts, toast];
  for (const dropped of kept.slice(0, Math.max(0, kept.length - MAX_TOASTS))) {
    clearTimeout(timers.get(dropped.id));
    timers.delete(dropped.id);
  }
  emit(kept.slice(-MAX_TOASTS));
  timers.set(
    toast.id,
    setTimeout(() => dismissToast(toast.id), options.durationMs ?? TOAST_DURATION_MS),
  );
}

export const toast = {
  success: (message: string, options?: ToastOptions) => showToast(message, 'success', options),
  error: (message: string, options?: ToastOptions) => showToast(message, 'error', options),
  info: (message: string, options?: ToastOptions) => showToast(message, 'info', options),
};

export const getToasts = (): readonly Toast[] => toasts;

export function subscribeToasts(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
