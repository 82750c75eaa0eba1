import { messagesSw } from '@playon/shared/messages';
import type { enAuth } from '../en/auth.ts';
import type { Texts } from '../shape.ts';

/** Kiswahili texts of signing in and up, a forgotten or changed password, the referral step. */
export const swAuth = {
  auth: {
    titleLogin: 'Karibu tena!',
    titleRegister: 'Fungua akaunti',
    subtitleLogin: 'Ingia uendelee kucheza.',
    subtitleRegister: 'Jisajili uanze kucheza kwa dakika moja.',
    google: 'Endelea na Google',
    facebook: 'Endelea na Facebook',
    or: 'au',
    email: 'Barua pepe',
    emailPlaceholder: 'wewe@example.com',
    password: 'Nenosiri',
    passwordPlaceholder: 'Angalau herufi 6',
    showPassword: 'Onyesha nenosiri',
    hidePassword: 'Ficha nenosiri',
    logIn: 'Ingia',
    signUp: 'Jisajili',
    noAccount: 'Huna akaunti?',
    haveAccount: 'Una akaunti tayari?',
    forgotPassword: 'Umesahau nenosiri?',
    checking: 'Tunathibitisha kuingia kwako',
    loggedIn: messagesSw.loggedIn,
  },
  resetPassword: {
    title: 'Weka nenosiri jipya',
    subtitle: 'Chagua nenosiri jipya la akaunti yako.',
    newPassword: 'Nenosiri jipya',
    confirmPassword: 'Thibitisha nenosiri jipya',
    submit: 'Hifadhi nenosiri jipya',
    invalidLink: 'Kiungo hiki si sahihi au muda wake umeisha. Omba kingine kwenye ukurasa wa kuingia.',
    backToLogin: 'Rudi kwenye kuingia',
  },
  referral: {
    question: 'Una nambari ya mwaliko?',
    hint: 'Huenda rafiki au kampeni imekupa moja. Unaweza kuruka hatua hii.',
    label: 'Nambari ya mwaliko',
    placeholder: 'Weka nambari (si lazima)',
  },
  changePassword: {
    title: 'Badilisha nenosiri',
    subtitle: 'Thibitisha nenosiri lako la sasa, kisha uchague jipya.',
    email: 'Barua pepe',
    oldPassword: 'Nenosiri la zamani',
    newPassword: 'Nenosiri jipya',
    confirmPassword: 'Thibitisha nenosiri',
    send: 'Tuma',
    resetInstead: 'Weka nenosiri jipya badala yake?',
  },
} as const satisfies Texts<typeof enAuth>;
