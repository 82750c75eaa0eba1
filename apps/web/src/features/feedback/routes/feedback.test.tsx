import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { storeProfile, storeUser } from '../../../lib/session-store';
import { dismissToast, getToasts } from '../../../lib/toast';
import { buildProfile, failure, ok } from '../../../test/factories';
import { fakeToken, stubFetch } from '../../../test/fetch-stub';
import { renderRoute } from '../../../test/render-route';
import { Component as Feedback } from './feedback';

const token = () => ({ status: 200, body: { token: fakeToken() } });
const allContacts = [
  { name: 'Email', value: 'support@playon.co.ke' },
  { name: 'Phone', value: '+254 700 123 456' },
  { name: 'Instagram', value: 'https://instagram.com/playon.ke' },
  { name: 'Twitter', value: 'https://x.com/playon_ke' },
  { name: 'Facebook', value: 'https://facebook.com/playon.ke' },
  { name: 'Whatsapp', value: 'https://wa.me/254700123456' },
];
const thanks = 'Thank you for your feedback. We will get back to you soon.';
type Answer = () => { status: number; body: unknown };

function stubApi(
  send: Answer = () => ({ status: 200, body: { statusCode: 200, statusMessage: thanks, payload: null } }),
  contacts: unknown[] = allContacts,
) {
  return stubFetch({
    'GET /api/auth/token': token,
    'GET /api/contact-us/list': () => ok(contacts),
    'POST /api/contact-us/feedback': send,
  });
}
const field = (label: string) => screen.getByLabelText(label) as HTMLInputElement;
const type = (label: string, value: string) => fireEvent.input(field(label), { target: { value } });
const send = () => fireEvent.click(screen.getByRole('button', { name: 'Send' }));
const toastMessages = () => getToasts().map((toast) => `${toast.kind}: ${toast.message}`);
const errorUnder = (label: string) => {
  const describedBy = field(label).getAttribute('aria-describedby');
  return describedBy ? document.getElementById(describedBy)?.textContent : null;
};
function fillIn() {
  type('Subject', 'Snake freezes');
  type('Message', 'It stops at 40 points.');
}

describe("'Drop us a line'", () => {
  beforeEach(() => {
    storeUser({ id: 'u1', email: 'amina@example.com', name: '' });
    storeProfile(buildProfile({ email: 'amina@example.com' }));
  });
  afterEach(() => {
    for (const toast of getToasts()) dismissToast(toast.id);
  });

  it("starts with the player's email and checks email, its format, subject and message in that order", async () => {
    const calls = stubApi();
    renderRoute(Feedback, { path: '/account/feedback' });
    expect(screen.getByRole('heading', { level: 1, name: 'Drop us a line' })).toBeTruthy();
    expect(field('Email').value).toBe('amina@example.com');

    const steps: Array<[() => void, string, string, string]> = [
      [() => type('Email', '  '), 'Email', 'Enter your email', 'Please enter your email.'],
      [() => type('Email', 'amina@example'), 'Email', 'Invalid email address', 'Please enter a valid email.'],
      [
        () => type('Email', 'amina@example.com'),
        'Subject',
        'Please enter a subject.',
        'Please enter a subject.',
      ],
      [
        () => type('Subject', 'Snake freezes'),
        'Message',
        'Please enter a message.',
        'Please enter a message.',
      ],
    ];
    for (const [change, label, fieldText, sentence] of steps) {
      for (const toast of getToasts()) dismissToast(toast.id);
      change();
      send();
      expect(errorUnder(label)).toBe(fieldText);
      expect(screen.getAllByRole('alert')).toHaveLength(1);
      expect(toastMessages()).toEqual([`error: ${sentence}`]);
      expect(screen.queryByRole('dialog')).toBeNull();
    }
    expect(calls.filter((call) => call.method === 'POST')).toHaveLength(0);
  });

  it('asks to confirm before sending, the earlier complaint gone; Cancel sends nothing and keeps the text', async () => {
    const calls = stubApi();
    renderRoute(Feedback, { path: '/account/feedback' });
    send();
    expect(toastMessages()).toEqual(['error: Please enter a subject.']);
    fillIn();
    send();
    expect(toastMessages()).toEqual([]);
    const dialog = screen.getByRole('dialog', { name: 'We value your feedback' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(field('Subject').value).toBe('Snake freezes');
    expect(calls.filter((call) => call.method === 'POST')).toHaveLength(0);
  });

  it("sends on Submit, shows the server's thanks, closes the dialog and clears subject and message", async () => {
    const calls = stubApi();
    renderRoute(Feedback, { path: '/account/feedback' });
    fillIn();
    send();
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(toastMessages()).toEqual([`success: ${thanks}`]);
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
      email: 'amina@example.com',
      subject: 'Snake freezes',
      message: 'It stops at 40 points.',
    });
    expect([field('Email').value, field('Subject').value, field('Message').value]).toEqual([
      'amina@example.com',
      '',
      '',
    ]);
  });

  it("shows the server's refusal and keeps what the player wrote", async () => {
    const tooMany = 'You have sent a lot of feedback today. Please try again tomorrow.';
    stubApi(() => failure(429, tooMany, 'RATE_LIMITED'));
    renderRoute(Feedback, { path: '/account/feedback' });
    fillIn();
    send();
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(toastMessages()).toEqual([`error: ${tooMany}`]));
    expect(field('Message').value).toBe('It stops at 40 points.');
  });

  it('shows the support email and phone, and the social profiles opening in a new tab', async () => {
    stubApi();
    renderRoute(Feedback, { path: '/account/feedback' });
    const footer = await screen.findByRole('contentinfo');
    const links = within(footer)
      .getAllByRole('link')
      .map((link) => [
        link.getAttribute('aria-label'),
        link.getAttribute('href'),
        link.getAttribute('target'),
        link.getAttribute('rel'),
      ]);
    expect(links).toEqual([
      ['Email support@playon.co.ke', 'mailto:support@playon.co.ke', null, null],
      ['Call +254 700 123 456', 'tel:+254700123456', null, null],
      ['PlayOn on Instagram', 'https://instagram.com/playon.ke', '_blank', 'noopener noreferrer'],
      ['PlayOn on X (Twitter)', 'https://x.com/playon_ke', '_blank', 'noopener noreferrer'],
      ['PlayOn on Facebook', 'https://facebook.com/playon.ke', '_blank', 'noopener noreferrer'],
      ['Chat with PlayOn on WhatsApp', 'https://wa.me/254700123456', '_blank', 'noopener noreferrer'],
    ]);
    expect(within(footer).getByText('support@playon.co.ke')).toBeTruthy();
  });

  it('shows nothing for a contact the server does not have or that cannot be opened', async () => {
    stubApi(undefined, [
      { name: 'Whatsapp', value: '+254 711 000 111' },
      { name: 'Instagram', value: 'javascript:alert(1)' },
    ]);
    renderRoute(Feedback, { path: '/account/feedback' });
    const footer = await screen.findByRole('contentinfo');
    expect(
      within(footer)
        .getAllByRole('link')
        .map((link) => link.getAttribute('href')),
    ).toEqual(['https://wa.me/254711000111']);
    expect(within(footer).queryByText('Other ways to reach us')).toBeNull();
  });
});
