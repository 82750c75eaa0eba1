import { challengeMessages, challengeMessagesSw } from '../challenges.ts';
import { messages, messagesSw } from '../messages.ts';
import { notificationMessages, notificationMessagesSw } from '../notifications.ts';
import { serverPatternsSw } from './server-sw-patterns.ts';

export { serverPatternsSw };

/**
 * The server's messages in Kiswahili, keyed by the English text the server writes (ADR 0032).
 * Terms follow docs/glossary.md. Texts with a number or a name in them are in server-sw-patterns.ts.
 */
const texts: Record<string, string> = {
  OK: 'Sawa',
  anonymous: 'bila jina',

  // Answers to what went well
  'Message sent.': 'Ujumbe umetumwa.',
  'Notifications are on for this device.': 'Arifa zimewashwa kwenye kifaa hiki.',
  'Paid from your wallet.': 'Umelipa kutoka kwenye pochi yako.',
  'Payment methods.': 'Njia za kulipa.',
  'Payment.': 'Malipo.',
  'Score saved.': 'Alama zimehifadhiwa.',
  'Thank you for your feedback. We will get back to you soon.':
    'Asante kwa maoni yako. Tutakujibu hivi karibuni.',
  'Wallet balance.': 'Salio la pochi.',
  'Wallet transactions.': 'Historia ya miamala ya pochi.',
  'Withdrawal charges.': 'Ada za kutoa pesa.',
  'Your withdrawal is on its way to M-Pesa.': 'Pesa unazotoa ziko njiani kwenda M-Pesa.',

  // Forms and their fields
  'A name has at most 80 characters.': 'Jina lisizidi herufi 80.',
  'A username has 3 to 20 letters, digits, dots or underscores.':
    'Jina la mtumiaji liwe na herufi 3 hadi 20: herufi, tarakimu, nukta au _.',
  'Allowed gender entries: MALE,FEMALE,OTHER': 'Jinsia zinazokubalika: MALE,FEMALE,OTHER',
  'Enter your email': 'Weka barua pepe yako',
  'Enter your phone': 'Weka nambari yako ya simu',
  'Invalid email address': 'Barua pepe si sahihi',
  'Please choose a chat room.': 'Tafadhali chagua chumba cha gumzo.',
  'Please choose a country.': 'Tafadhali chagua nchi.',
  'Please choose a currency.': 'Tafadhali chagua sarafu.',
  'Please choose a package.': 'Tafadhali chagua kifurushi.',
  'Please choose a payment method.': 'Tafadhali chagua njia ya kulipa.',
  'Please enter a message.': 'Tafadhali andika ujumbe.',
  'Please enter a subject.': 'Tafadhali andika kichwa cha ujumbe.',
  'Please enter a valid Safaricom number, like 0712 345 678.':
    'Tafadhali weka nambari sahihi ya Safaricom, kama 0712 345 678.',
  'Please enter a valid date of birth.': 'Tafadhali weka tarehe sahihi ya kuzaliwa.',
  'Please enter a valid email.': 'Tafadhali weka barua pepe sahihi.',
  'Please enter a valid phone number.': 'Tafadhali weka nambari sahihi ya simu.',
  'Please enter a whole number of shillings.': 'Tafadhali weka shilingi kamili, bila senti.',
  'Please enter an amount.': 'Tafadhali weka kiasi.',
  'Please enter your email.': 'Tafadhali weka barua pepe yako.',
  'Please enter a username.': 'Tafadhali weka jina la mtumiaji.',
  'Please enter your date of birth.': 'Tafadhali weka tarehe yako ya kuzaliwa.',
  'Please enter your gender.': 'Tafadhali chagua jinsia yako.',
  'Please enter your name.': 'Tafadhali weka jina lako.',
  'Please enter your phone number.': 'Tafadhali weka nambari yako ya simu.',
  "Please enter your friend's username.": 'Tafadhali weka jina la mtumiaji la rafiki yako.',
  'Please type a message.': 'Tafadhali andika ujumbe.',
  'The password must be 128 characters or fewer.': 'Nenosiri lisizidi herufi 128.',
  'Unknown message type.': 'Aina ya ujumbe haijulikani.',

  // Account and profile
  "Please choose a language: 'en' (English) or 'sw' (Kiswahili).":
    "Tafadhali chagua lugha: 'en' (Kiingereza) au 'sw' (Kiswahili).",
  'Send one profile field at a time: name, username, email, dob, gender, phone, countryId, currencyId or language.':
    'Tuma sehemu moja ya wasifu kwa wakati mmoja: name, username, email, dob, gender, phone, countryId, currencyId au language.',
  'Please log in again to create your profile.': 'Tafadhali ingia tena ili uunde wasifu wako.',
  'This account has been disabled. Please contact PlayOn support if you think this is a mistake.':
    'Akaunti hii imezimwa. Tafadhali wasiliana na PlayOn ukidhani ni kosa.',
  'User not found': 'Mtumiaji hapatikani',
  'You cannot boost yourself. Top up your own wallet instead.':
    'Huwezi kujiongezea pesa mwenyewe. Weka pesa kwenye pochi yako badala yake.',

  // Uploads and push
  'Could not upload media': 'Hatukuweza kupakia faili',
  'Attachments must be uploaded to PlayOn first.': 'Pakia faili kwenye PlayOn kwanza kabla ya kuiambatisha.',
  'Please choose a file to upload.': 'Tafadhali chagua faili ya kupakia.',
  'Please choose an image (JPEG, PNG, WebP or GIF).': 'Tafadhali chagua picha (JPEG, PNG, WebP au GIF).',
  'Please say what the file is for.': 'Tafadhali sema faili hii ni ya nini.',
  'Please upload one file at a time.': 'Tafadhali pakia faili moja baada ya nyingine.',
  'The upload was cut off or malformed. Please try again.':
    'Upakiaji ulikatika au umeharibika. Tafadhali jaribu tena.',
  'Unknown upload type.': 'Aina ya upakiaji haijulikani.',
  'Notifications cannot be turned on for this browser.': 'Arifa haziwezi kuwashwa kwenye kivinjari hiki.',
  'Please send a device token.': 'Tafadhali tuma tokeni ya kifaa.',
  'The device token is too long.': 'Tokeni ya kifaa ni ndefu mno.',
  'The device token must be a push subscription.': 'Tokeni ya kifaa lazima iwe usajili wa arifa (push).',
  'The push subscription has no keys.': 'Usajili wa arifa (push) hauna funguo.',
  'The push subscription has no valid endpoint.': 'Usajili wa arifa (push) hauna anwani sahihi.',
  'Text cannot contain the NUL character (\\u0000).': 'Maandishi hayawezi kuwa na herufi ya NUL (\\u0000).',

  // Chat
  'Join this chat room to read and send messages.':
    'Jiunge na chumba hiki cha gumzo ili usome na kutuma jumbe.',
  'This chat room does not exist.': 'Chumba hiki cha gumzo hakipo.',
  'You are already subscribed to this chat room': 'Tayari umejiunga na chumba hiki cha gumzo',
  'You are sending messages too fast. Wait a few seconds and try again.':
    'Unatuma jumbe haraka mno. Subiri sekunde chache kisha ujaribu tena.',

  // Feedback, TV, tournaments
  'You have sent a lot of feedback today. Please try again tomorrow.':
    'Umetuma maoni mengi leo. Tafadhali jaribu tena kesho.',
  "Sorry, it seems we're having trouble connecting to the server. Please try again later.":
    'Samahani, tunashindwa kuwasiliana na seva. Tafadhali jaribu tena baadaye.',
  "There's nothing here. Maybe check back later?": 'Hakuna kitu hapa. Angalia tena baadaye.',
  'Could not fetch description': 'Hatukuweza kupata maelezo',
  'No leaderboard data': 'Msimamo bado hauna data',
  'This tournament does not exist.': 'Mashindano haya hayapo.',
  'This tournament is not running right now.': 'Mashindano haya hayaendelei kwa sasa.',
  'This tournament has ended and its results are final, so this score no longer counts.':
    'Mashindano haya yamekwisha na matokeo yake ni ya mwisho, kwa hivyo alama hizi hazihesabiwi tena.',
  'This play started after the tournament ended, so it does not count.':
    'Mchezo huu ulianza baada ya mashindano kwisha, kwa hivyo hauhesabiwi.',
  'This tournament is played on another game.': 'Mashindano haya yanachezwa kwenye mchezo mwingine.',
  'This tournament was cancelled.': 'Mashindano haya yalisitishwa.',

  // Games and scores
  'A play is set up by at most 8 numbers.': 'Mchezo mmoja huandaliwa kwa nambari zisizozidi 8.',
  'A score cannot be negative.': 'Alama haziwezi kuwa chini ya sifuri.',
  'A score has at most two decimals.': 'Alama ziwe na desimali mbili tu au chache.',
  'An outside game cannot hold a tournament: PlayOn cannot replay its plays to check a score.':
    'Mchezo wa nje hauwezi kuwa na mashindano: PlayOn haiwezi kurudia michezo yake ili kukagua alama.',
  'Please send a score.': 'Tafadhali tuma alama.',
  'This game does not exist.': 'Mchezo huu haupo.',
  'This game is disabled: enable it first.': 'Mchezo huu umezimwa: uwashe kwanza.',
  'This game is for subscribers. Choose a plan to play it.':
    'Mchezo huu ni wa wenye kifurushi. Nunua kifurushi ili uucheze.',
  'We could not fetch this game from the server.': 'Hatukuweza kupata mchezo huu kutoka kwenye seva.',
  'This play has more moves than PlayOn can check.':
    'Mchezo huu una miondoko mingi kuliko PlayOn inavyoweza kukagua.',
  'This play lasted longer than the time since it started.':
    'Mchezo huu umechukua muda mrefu kuliko muda uliopita tangu uanze.',
  'This play session belongs to another player.': 'Kipindi hiki cha mchezo ni cha mchezaji mwingine.',
  'This play session has already reported its score.': 'Kipindi hiki cha mchezo tayari kimetuma alama zake.',
  'This play session has expired. Start the game again from PlayOn.':
    'Muda wa kipindi hiki cha mchezo umekwisha. Anza mchezo tena kutoka PlayOn.',
  'This play session is not valid. Start the game again from PlayOn.':
    'Kipindi hiki cha mchezo si halali. Anza mchezo tena kutoka PlayOn.',
  'This play session was started for another tournament.':
    'Kipindi hiki cha mchezo kilianzishwa kwa mashindano mengine.',
  'This play session was started for a challenge: its score goes to the challenge.':
    'Kipindi hiki cha mchezo kilianzishwa kwa changamoto: alama zake zinaenda kwenye changamoto.',
  'This score came without the moves that made it, so PlayOn cannot check it.':
    'Alama hizi zimekuja bila miondoko iliyozileta, kwa hivyo PlayOn haiwezi kuzikagua.',
  'This score does not match the play: PlayOn replayed your moves and reached another score.':
    'Alama hizi haziendani na mchezo: PlayOn ilirudia miondoko yako na ikapata alama nyingine.',
  'This score has no play session.': 'Alama hizi hazina kipindi cha mchezo.',
  'This score is not possible in this game.': 'Alama hizi haziwezekani katika mchezo huu.',

  // Payments
  'A payment request is still waiting on this phone. Answer it or let it expire, then try again.':
    'Ombi la malipo bado linasubiri kwenye simu hii. Lijibu au uache muda wake uishe, kisha ujaribu tena.',
  'Check your phone and confirm the airtime payment.':
    'Angalia simu yako uthibitishe malipo kwa salio la simu (airtime).',
  'Check your phone and enter your M-Pesa PIN.': 'Angalia simu yako uweke PIN yako ya M-Pesa.',
  'Every payment request needs an Idempotency-Key header.':
    'Kila ombi la malipo linahitaji kichwa cha Idempotency-Key.',
  'Another M-Pesa payment is open on this phone. Finish it or wait a minute, then try again.':
    'Kuna malipo mengine ya M-Pesa yanayoendelea kwenye simu hii. Yakamilishe au subiri dakika moja, kisha ujaribu tena.',
  'M-Pesa is busy right now. No money was taken. Please try again in a minute.':
    'M-Pesa ina shughuli nyingi kwa sasa. Hakuna pesa iliyokatwa. Tafadhali jaribu tena baada ya dakika moja.',
  'M-Pesa payments are not available right now. No money was taken. Please try again later or choose another method.':
    'Malipo ya M-Pesa hayapatikani kwa sasa. Hakuna pesa iliyokatwa. Tafadhali jaribu tena baadaye au uchague njia nyingine.',
  'M-Pesa refused a payment this soon after a similar one. Please wait two minutes and try again.':
    'M-Pesa imekataa malipo haya kwa sababu yamefuata malipo kama hayo haraka mno. Tafadhali subiri dakika mbili kisha ujaribu tena.',
  'M-Pesa could not complete this payment. Please try again.':
    'M-Pesa haikuweza kukamilisha malipo haya. Tafadhali jaribu tena.',
  'Pay with your card on the page that opened.': 'Lipa kwa kadi yako kwenye ukurasa uliofunguka.',
  'Payment using Safaricom airtime is limited to the bronze package. Please choose another method.':
    'Kulipa kwa salio la simu (airtime) la Safaricom ni kwa kifurushi cha Bronze pekee. Tafadhali chagua njia nyingine.',
  'Safaricom airtime could not start this payment. Please try again.':
    'Safaricom haikuweza kuanzisha malipo haya kwa salio la simu (airtime). Tafadhali jaribu tena.',
  'Safaricom did not allow this line to pay with airtime. Please choose another method.':
    'Safaricom haikuruhusu laini hii kulipa kwa salio la simu (airtime). Tafadhali chagua njia nyingine.',
  'The Idempotency-Key header must be 8 to 128 characters.':
    'Kichwa cha Idempotency-Key kiwe na herufi 8 hadi 128.',
  'The M-Pesa PIN you entered was wrong.': 'PIN ya M-Pesa uliyoweka si sahihi.',
  'The M-Pesa request expired before it was answered. Please try again.':
    'Muda wa ombi la M-Pesa uliisha kabla halijajibiwa. Tafadhali jaribu tena.',
  'The card payment could not be started. Please try again.':
    'Malipo ya kadi hayakuweza kuanza. Tafadhali jaribu tena.',
  'The card payment failed. Please try again.': 'Malipo ya kadi hayakufaulu. Tafadhali jaribu tena.',
  'The card gateway could not refund this payment to the card.':
    'Mfumo wa malipo ya kadi haukuweza kurudisha malipo haya kwenye kadi.',
  'The wallet the money is in holds less than this refund now.':
    'Pochi yenye pesa hizi sasa ina kiasi kidogo kuliko pesa za kurejesha.',
  'This Idempotency-Key was already used for a different request.':
    'Idempotency-Key hii tayari imetumika kwa ombi lingine.',
  'This is not a payment id.': 'Hii si nambari ya malipo.',
  'Too many payment requests were sent to this phone. Please wait a while and try again, or use another number.':
    'Maombi mengi mno ya malipo yametumwa kwa simu hii. Tafadhali subiri kidogo ujaribu tena, au tumia nambari nyingine.',
  'We are waiting for M-Pesa to confirm this payment.': 'Tunasubiri M-Pesa ithibitishe malipo haya.',
  'We are waiting for Safaricom to confirm this payment.': 'Tunasubiri Safaricom ithibitishe malipo haya.',
  'We are waiting for the card payment to be confirmed.': 'Tunasubiri malipo ya kadi yathibitishwe.',
  'We could not find that payment.': 'Hatukupata malipo hayo.',
  'We could not reach your phone. Make sure it is on and try again.':
    'Hatukuweza kufikia simu yako. Hakikisha imewashwa kisha ujaribu tena.',
  'We could not send the M-Pesa request to your phone. No money was taken. Please try again.':
    'Hatukuweza kutuma ombi la M-Pesa kwenye simu yako. Hakuna pesa iliyokatwa. Tafadhali jaribu tena.',
  'You cancelled the M-Pesa request.': 'Ulighairi ombi la M-Pesa.',
  'You cancelled the airtime payment.': 'Ulighairi malipo kwa salio la simu (airtime).',
  'You have started too many payments in a short time. Please wait a minute and try again.':
    'Umeanzisha malipo mengi mno kwa muda mfupi. Tafadhali subiri dakika moja kisha ujaribu tena.',
  'Your wallet balance is not enough for this withdrawal and its fee.':
    'Salio la pochi yako halitoshi kutoa pesa hizi pamoja na ada yake.',
  'Your M-Pesa balance is not enough for this payment.': 'Salio lako la M-Pesa halitoshi kwa malipo haya.',
  'Your airtime balance is not enough for this payment.':
    'Salio lako la simu (airtime) halitoshi kwa malipo haya.',
  'Your card does not have enough funds for this payment.':
    'Kadi yako haina pesa za kutosha kwa malipo haya.',
  'Your card was declined. Please try another card.':
    'Kadi yako imekataliwa. Tafadhali jaribu kadi nyingine.',
  'Your wallet balance is not enough for this payment.': 'Salio la pochi yako halitoshi kwa malipo haya.',
};

/** Every string of `english` beside the string at the same key of `swahili`. */
function pairs(english: unknown, swahili: unknown): Array<[string, string]> {
  if (typeof english === 'string' && typeof swahili === 'string') return [[english, swahili]];
  if (english && swahili && typeof english === 'object' && typeof swahili === 'object')
    return Object.entries(english).flatMap(([key, value]) =>
      pairs(value, (swahili as Record<string, unknown>)[key]),
    );
  return [];
}

export const serverTextsSw = new Map<string, string>([
  ...pairs(messages, messagesSw),
  ...pairs(notificationMessages, notificationMessagesSw),
  ...pairs(challengeMessages, challengeMessagesSw),
  ...(['country', 'currency'] as const).map((type): [string, string] => [
    messages.pickerUpdated(type),
    messagesSw.pickerUpdated(type),
  ]),
  ...Object.entries(texts),
]);
