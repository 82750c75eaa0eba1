import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { captureInstallPrompt } from '../../../lib/install-prompt';
import { DISMISS_FOR_MS, InstallBanner } from './install-banner';

/** What Chrome sends when the app may be installed; the player's answer is `outcome`. */
function offerInstall(outcome: 'accepted' | 'dismissed' = 'accepted') {
  const event = Object.assign(new Event('beforeinstallprompt', { cancelable: true }), {
    prompt: vi.fn(async () => undefined),
    userChoice: Promise.resolve({ outcome, platform: 'web' }),
  });
  act(() => void window.dispatchEvent(event));
  return event;
}

const banner = () => screen.queryByRole('complementary', { name: 'Install PlayOn on your phone' });

describe('install banner', () => {
  beforeAll(() => captureInstallPrompt());
  afterEach(() => {
    act(() => void window.dispatchEvent(new Event('appinstalled')));
    vi.useRealTimers();
  });

  it('shows nothing until the browser offers installing', () => {
    render(<InstallBanner />);
    expect(banner()).toBeNull();
    const offer = offerInstall();
    expect(banner()).not.toBeNull();
    expect(offer.defaultPrevented).toBe(true);
  });

  it("opens the browser's install dialog and goes once the player accepts", async () => {
    render(<InstallBanner />);
    const offer = offerInstall('accepted');
    fireEvent.click(screen.getByRole('button', { name: 'Install' }));
    expect(offer.prompt).toHaveBeenCalledOnce();
    await waitFor(() => expect(banner()).toBeNull());
  });

  it('goes when the app is installed from the browser menu', () => {
    render(<InstallBanner />);
    offerInstall();
    act(() => void window.dispatchEvent(new Event('appinstalled')));
    expect(banner()).toBeNull();
  });

  it("stays away for two weeks after 'Not now'", () => {
    vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-11-22T09:00:00Z') });
    const { unmount } = render(<InstallBanner />);
    offerInstall();
    fireEvent.click(screen.getByRole('button', { name: 'Not now' }));
    expect(banner()).toBeNull();
    unmount();

    vi.setSystemTime(Date.now() + DISMISS_FOR_MS - 60_000);
    const soon = render(<InstallBanner />);
    expect(banner()).toBeNull();
    soon.unmount();

    vi.setSystemTime(Date.now() + 60_000);
    render(<InstallBanner />);
    expect(banner()).not.toBeNull();
  });
});
