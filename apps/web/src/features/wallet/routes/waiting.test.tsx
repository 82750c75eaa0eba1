import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { RealtimeEvent } from '../../../lib/realtime-client';
import { storeProfile, storeUser } from '../../../lib/session-store';
import { dismissToast, getToasts } from '../../../lib/toast';
import { buildProfile } from '../../../test/factories';
import { fakeToken, stubFetch } from '../../../test/fetch-stub';
import { landedState, renderRoute } from '../../../test/render-route';
import { POLL_INTERVAL_MS, SUCCESS_PAUSE_MS, Component as Waiting } from './waiting';

const socket = vi.hoisted(() => ({ listeners: new Set<(event: RealtimeEvent) => void>() }));
vi.mock('../../../lib/realtime-client', () => ({
  subscribeRealtime: (listener: (event: RealtimeEvent) => void) => {
    socket.listeners.add(listener);
    return () => socket.listeners.delete(listener);
  },
}));
const push = (event: RealtimeEvent) =>
  act(() => {
    for (const listener of socket.listeners) listener(event);
  });
const task = (status: string, message: string | null = null) =>
  push({ kind: 'message', data: { type: 'task', id: 'pi_1', status, message } });

let serverStatus = { status: 'IN_PROGRESS', message: null as string | null };
let serverIntent: Record<string, unknown> = { type: 'TOPUP', amount: 100 };
function stubServer() {
  return stubFetch({
    'GET /api/auth/token': () => ({ status: 200, body: { token: fakeToken() } }),
    'GET /api/payments/pi_1': () => ({
      status: 200,
      body: {
        statusCode: 200,
        statusMessage: '',
        payload: {
          id: 'pi_1',
          fee: 0,
          ...serverIntent,
          createdAt: '2026-11-21T06:00:00.000Z',
          updatedAt: '2026-11-21T06:00:00.000Z',
          ...serverStatus,
        },
      },
    }),
  });
}
const openWaiting = () =>
  renderRoute(Waiting, {
    path: '/waiting',
    url: '/waiting?id=pi_1',
    state: { id: 'pi_1', type: 'TOPUP', amount: 100 },
  });
const polls = (calls: ReturnType<typeof stubFetch>) =>
  calls.filter((call) => call.path === '/api/payments/pi_1');

describe('waiting page', () => {
  beforeEach(() => {
    socket.listeners.clear();
    serverStatus = { status: 'IN_PROGRESS', message: null };
    serverIntent = { type: 'TOPUP', amount: 100 };
    storeUser({ id: 'u1', email: 'amina@example.com', name: '' });
    storeProfile(buildProfile());
  });
  afterEach(() => vi.useRealTimers());

  it('waits, then on a completed push shows success and goes to thank-you with type and amount', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    stubServer();
    openWaiting();
    expect(screen.getByText("It'll just be a moment.")).toBeTruthy();
    await waitFor(() => expect(socket.listeners.size).toBe(1));
    task('COMPLETED');
    expect(screen.getByText('Done!')).toBeTruthy();
    await act(() => vi.advanceTimersByTimeAsync(SUCCESS_PAUSE_MS));
    expect((await screen.findByTestId('landed')).textContent).toBe('/account/payment/thank-you');
    expect(landedState(screen.getByTestId('landed-state'))).toEqual({ type: 'TOPUP', amount: 100 });
  });

  it("shows 'Something happened' with the error text, and a way back", async () => {
    stubServer();
    openWaiting();
    await waitFor(() => expect(socket.listeners.size).toBe(1));
    task('ERROR', 'The M-Pesa PIN you entered was wrong.');
    expect(screen.getByRole('heading').textContent).toBe('Something happened');
    expect(screen.getByText('The M-Pesa PIN you entered was wrong.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Back' }));
    expect((await screen.findByTestId('landed')).textContent).toBe('/account/wallet');
  });

  it('shows a top-up M-Pesa refused before any prompt, from its first poll, and a way back', async () => {
    // The server failed it in the request that started it (ADR 0075): no push will come.
    serverStatus = {
      status: 'ERROR',
      message: 'Another M-Pesa payment is open on this phone. Finish it or wait a minute, then try again.',
    };
    stubServer();
    openWaiting();
    expect(await screen.findByText(serverStatus.message as string)).toBeTruthy();
    expect(screen.getByRole('heading').textContent).toBe('Something happened');
    fireEvent.click(screen.getByRole('button', { name: 'Back' }));
    expect((await screen.findByTestId('landed')).textContent).toBe('/account/wallet');
  });

  it('shows a cancellation found by polling, even with no push', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const calls = stubServer();
    openWaiting();
    await waitFor(() => expect(polls(calls)).toHaveLength(1));
    serverStatus = { status: 'CANCELLED', message: 'You cancelled the M-Pesa request.' };
    await act(() => vi.advanceTimersByTimeAsync(POLL_INTERVAL_MS));
    expect(await screen.findByText('You cancelled the M-Pesa request.')).toBeTruthy();
    expect(screen.getByRole('heading').textContent).toBe('Payment cancelled');
    expect(screen.getByRole('button', { name: 'Back' })).toBeTruthy();
    // A final status stops the polling.
    const count = polls(calls).length;
    await act(() => vi.advanceTimersByTimeAsync(POLL_INTERVAL_MS * 3));
    expect(polls(calls)).toHaveLength(count);
  });

  it('reports a socket error but keeps polling, and catches up when the socket reconnects', async () => {
    const calls = stubServer();
    openWaiting();
    await waitFor(() => expect(polls(calls)).toHaveLength(1));
    push({ kind: 'error' });
    expect(screen.getByRole('alert').textContent).toBe(
      'An error occurred while processing your request. Please try again later',
    );
    serverStatus = { status: 'ERROR', message: 'Your M-Pesa balance is not enough for this payment.' };
    push({ kind: 'open' });
    expect(await screen.findByText('Your M-Pesa balance is not enough for this payment.')).toBeTruthy();
    expect(polls(calls).length).toBeGreaterThanOrEqual(2);
  });

  it('never goes back to waiting when a poll answers after the push', async () => {
    stubServer();
    openWaiting();
    await waitFor(() => expect(socket.listeners.size).toBe(1));
    task('CANCELLED', 'You cancelled the M-Pesa request.');
    push({ kind: 'open' });
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(screen.getByRole('heading').textContent).toBe('Payment cancelled');
    expect(screen.queryByText("It'll just be a moment.")).toBeNull();
  });

  it('ignores pushes for other payments', async () => {
    stubServer();
    openWaiting();
    await waitFor(() => expect(socket.listeners.size).toBe(1));
    push({ kind: 'message', data: { type: 'task', id: 'pi_2', status: 'ERROR', message: 'Not yours' } });
    expect(screen.getByText("It'll just be a moment.")).toBeTruthy();
  });

  it('shows a wallet payment completed at once, and ends a subscription on the plans with its thank-you', async () => {
    serverIntent = { type: 'SUBSCRIPTION', amount: 20 };
    serverStatus = { status: 'COMPLETED', message: null };
    vi.useFakeTimers({ shouldAdvanceTime: true });
    stubServer();
    renderRoute(Waiting, {
      path: '/waiting',
      url: '/waiting?id=pi_1',
      state: { id: 'pi_1', type: 'SUBSCRIPTION', amount: 20 },
    });
    expect(await screen.findByText('Done!')).toBeTruthy();
    await act(() => vi.advanceTimersByTimeAsync(SUCCESS_PAUSE_MS));
    expect((await screen.findByTestId('landed')).textContent).toBe('/account/subscription');
    expect(getToasts().map((toast) => toast.message)).toEqual([
      'Your subscription request has been processed successfully for kes 20.00/day',
    ]);
    for (const shown of getToasts()) dismissToast(shown.id);
  });
});
