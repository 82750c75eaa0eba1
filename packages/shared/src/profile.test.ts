import { describe, expect, it } from 'vitest';
import { messages } from './messages.ts';
import { ageOn, isProfileComplete, ProfileUpdateSchema, profileFieldError } from './profile.ts';

const firstMessage = (body: unknown) => ProfileUpdateSchema.safeParse(body).error?.issues[0]?.message;

describe('profile validation', () => {
  it("gives each empty field the product's message, treating the placeholder as empty", () => {
    expect(profileFieldError('name', '')).toBe('Please enter your name.');
    expect(profileFieldError('username', messages.notSet)).toBe('Please enter a username.');
    expect(profileFieldError('email', '  ')).toBe('Please enter your email.');
    expect(profileFieldError('dob', '')).toBe('Please enter your date of birth.');
    expect(profileFieldError('gender', '')).toBe('Please enter your gender.');
    expect(profileFieldError('phone', '')).toBe('Please enter your phone number.');
  });

  it('rejects a malformed email and an unknown gender', () => {
    expect(profileFieldError('email', 'player@')).toBe('Please enter a valid email.');
    expect(profileFieldError('gender', 'male ish')).toBe('Allowed gender entries: MALE,FEMALE,OTHER');
  });

  it('refuses a player under 18 and accepts one who turns 18 today', () => {
    const now = new Date('2026-11-21T12:00:00Z');
    expect(ageOn('2008-11-21', now)).toBe(18);
    expect(ageOn('2008-11-22', now)).toBe(17);
    const seventeen = new Date(Date.now() - 17 * 365.25 * 86_400_000).toISOString().slice(0, 10);
    expect(firstMessage({ dob: seventeen })).toBe('You must be 18 or older to use PlayOn.');
    expect(firstMessage({ dob: '1990-02-30' })).toBe('Please enter a valid date of birth.');
  });

  it('takes exactly one known field per update', () => {
    expect(ProfileUpdateSchema.safeParse({ name: 'Amina' }).success).toBe(true);
    expect(firstMessage({})).toMatch(/one profile field at a time/);
    expect(firstMessage({ name: 'Amina', phone: '0712345678' })).toMatch(/one profile field at a time/);
    expect(firstMessage({ role: 'admin' })).toMatch(/one profile field at a time/);
  });

  it('is complete only when the six required fields are present', () => {
    const full = {
      name: 'A',
      username: 'a_1',
      email: 'a@b.co',
      dob: '1990-01-01',
      gender: 'MALE',
      phone: '0712345678',
    } as const;
    expect(isProfileComplete(full)).toBe(true);
    expect(isProfileComplete({ ...full, phone: null })).toBe(false);
  });
});
