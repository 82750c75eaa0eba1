import { messages } from '@playon/shared/messages';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { readProfile, storeProfile, storeUser } from '../../../lib/session-store';
import { dismissToast, getToasts } from '../../../lib/toast';
import { buildProfile, newPlayerProfile } from '../../../test/factories';
import { fakeToken, stubFetch } from '../../../test/fetch-stub';
import { renderWithQuery } from '../../../test/render-with-query';
import { EditFieldDialog } from './edit-field-dialog';
import type { EditableField } from './editable-fields';

function openDialog(field: EditableField, initialValue = '') {
  const onClose = vi.fn();
  renderWithQuery(<EditFieldDialog uid="u1" field={field} initialValue={initialValue} onClose={onClose} />);
  return onClose;
}

const okay = () => fireEvent.click(screen.getByRole('button', { name: 'Okay' }));
const type = (label: string, value: string) =>
  fireEvent.input(screen.getByLabelText(label), { target: { value } });

describe('profile edit dialog', () => {
  afterEach(() => {
    for (const toast of getToasts()) dismissToast(toast.id);
  });

  it("asks 'Enter your {field}' when the value is empty, and sends nothing", () => {
    const calls = stubFetch({});
    openDialog('phone');
    expect(screen.getByRole('heading', { name: 'Edit Phone Number' })).toBeTruthy();
    okay();
    expect(screen.getByRole('alert').textContent).toBe('Enter your phone number');
    expect(calls).toHaveLength(0);
  });

  it("gives the shared schema's messages for a bad email and a player under 18", () => {
    stubFetch({});
    openDialog('email');
    expect((screen.getByLabelText('Email') as HTMLInputElement).type).toBe('email');
    type('Email', 'amina@');
    okay();
    expect(screen.getByRole('alert').textContent).toBe('Please enter a valid email.');
  });

  it('refuses a date of birth under 18 years', () => {
    stubFetch({});
    openDialog('dob');
    const input = screen.getByLabelText('Date of birth') as HTMLInputElement;
    expect(input.type).toBe('date');
    const seventeen = new Date();
    seventeen.setFullYear(seventeen.getFullYear() - 17);
    type('Date of birth', seventeen.toISOString().slice(0, 10));
    okay();
    expect(screen.getByRole('alert').textContent).toBe(messages.underEighteen);
  });

  it('offers gender as a select of MALE, FEMALE and OTHER', () => {
    stubFetch({});
    openDialog('gender');
    const options = [...(screen.getByLabelText('Gender') as HTMLSelectElement).options].map((o) => o.value);
    expect(options).toEqual(['', 'MALE', 'FEMALE', 'OTHER']);
    okay();
    expect(screen.getByRole('alert').textContent).toBe('Enter your gender');
  });

  it('sends the one field, replaces the stored profile, toasts and closes', async () => {
    storeUser({ id: 'u1', email: 'amina@example.com', name: '' });
    storeProfile(newPlayerProfile());
    const calls = stubFetch({
      'GET /api/auth/token': () => ({ status: 200, body: { token: fakeToken() } }),
      'PUT /api/profile/u1': ({ body }) => ({
        status: 200,
        body: {
          statusCode: 200,
          statusMessage: 'Name was updated successfully.',
          payload: buildProfile(body as object),
        },
      }),
    });
    const onClose = openDialog('name');
    type('Name', '  Amina Wanjiku ');
    okay();
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    const put = calls.find((call) => call.method === 'PUT');
    expect(put?.body).toEqual({ name: 'Amina Wanjiku' });
    expect(put?.headers.Authorization).toMatch(/^Bearer /);
    expect(readProfile()?.name).toBe('Amina Wanjiku');
    expect(getToasts().map((toast) => toast.message)).toContain('Name was updated successfully.');
  });

  it("toasts the server's message and stays open when the update is refused", async () => {
    storeUser({ id: 'u1', email: 'amina@example.com', name: '' });
    storeProfile(newPlayerProfile());
    stubFetch({
      'GET /api/auth/token': () => ({ status: 200, body: { token: fakeToken() } }),
      'PUT /api/profile/u1': () => ({
        status: 409,
        body: { statusCode: 409, statusMessage: 'That username is taken.', payload: { code: 'CONFLICT' } },
      }),
    });
    const onClose = openDialog('username');
    type('Username', 'amina');
    okay();
    await waitFor(() =>
      expect(getToasts().map((toast) => toast.message)).toContain('That username is taken.'),
    );
    expect(onClose).not.toHaveBeenCalled();
  });
});
