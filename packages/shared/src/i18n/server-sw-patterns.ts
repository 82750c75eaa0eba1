import { messagesSw } from '../messages.ts';

/** The profile's field names (profileFieldLabels) as the Kiswahili "field was updated" says them. */
const fieldNamesSw: Record<string, string> = {
  Name: 'jina lako',
  Username: 'jina lako la mtumiaji',
  Email: 'barua pepe yako',
  'Date of birth': 'tarehe yako ya kuzaliwa',
  Gender: 'jinsia yako',
  'Phone Number': 'nambari yako ya simu',
  Country: 'nchi yako',
  Currency: 'sarafu yako',
  Language: 'lugha yako',
};

/** What a payment method is not available for (payments' typeWords), after "kwa". */
const paymentKindsSw: Record<string, string> = {
  'top-up': 'kuweka pesa',
  withdrawal: 'kutoa pesa',
  boost: 'kumwongezea rafiki pesa',
  subscription: 'kununua kifurushi',
};

/** Nairobi times as the chat writes them ('24 Nov, 14:30'), with the month's Kiswahili short name. */
const monthsSw: Record<string, string> = {
  Jan: 'Jan',
  Feb: 'Feb',
  Mar: 'Mac',
  Apr: 'Apr',
  May: 'Mei',
  Jun: 'Jun',
  Jul: 'Jul',
  Aug: 'Ago',
  Sep: 'Sep',
  Sept: 'Sep',
  Oct: 'Okt',
  Nov: 'Nov',
  Dec: 'Des',
};
const timeSw = (time: string) => time.replace(/\b[A-Z][a-z]{2,3}\b/, (month) => monthsSw[month] ?? month);

type Pattern = [RegExp, (...groups: string[]) => string | undefined];

/**
 * The server's messages with a number, an amount or a name in them: the English text's pattern and
 * its Kiswahili. A render that answers undefined leaves the message to the next pattern, or English.
 */
export const serverPatternsSw: Pattern[] = [
  [
    /^(.+) was updated successfully\.$/,
    (field = '') => (fieldNamesSw[field] ? messagesSw.fieldUpdated(fieldNamesSw[field]) : undefined),
  ],
  [/^You joined (.+)\.$/, (room) => `Umejiunga na ${room}.`],
  [/^You left (.+)\.$/, (room) => `Umetoka ${room}.`],
  [
    /^A moderator muted you in this room until (.+)\. You can read messages, but not send them until then\.$/,
    (until = '') =>
      `Msimamizi amekuzuia kutuma jumbe kwenye chumba hiki hadi ${timeSw(until)}. Unaweza kusoma jumbe, lakini huwezi kutuma hadi wakati huo.`,
  ],
  [/^A message can be at most ([\d,]+) characters\.$/, (count) => `Ujumbe usizidi herufi ${count}.`],
  [
    /^A subject can be at most ([\d,]+) characters\.$/,
    (count) => `Kichwa cha ujumbe kisizidi herufi ${count}.`,
  ],
  [/^File size cannot exceed ([\d,.]+)MB$/, (size) => `Ukubwa wa faili usizidi MB ${size}`],
  [
    /^The amount must be between kes ([\d,.]+) and kes ([\d,.]+)\.$/,
    (min, max) => `Kiasi kiwe kati ya kes ${min} na kes ${max}.`,
  ],
  [
    /^(.+) coming soon\. Please choose another method\.$/,
    (method) => `${method} inakuja hivi karibuni. Tafadhali chagua njia nyingine.`,
  ],
  [
    /^(.+) is not available for (top-up|withdrawal|boost|subscription)\.$/,
    (method, kind = '') => `${method} haipatikani kwa ${paymentKindsSw[kind]}.`,
  ],
];
