import { LegalSection as Section } from './legal-section';

export default function PrivacyContent() {
  return (
    <div className="space-y-6 text-sm leading-relaxed">
      <p className="opacity-80">Last Update: 26 July 2019</p>
      <ol className="list-decimal space-y-6 pl-5 marker:text-base marker:font-semibold">
        <Section title="Who we are">
          <p className="opacity-80">
            PlayOn (“PlayOn”, “we”, “us”) runs an online gaming service for players in Kenya. Through the
            PlayOn app you can play games, join tournaments, hold a wallet in Kenyan shillings, buy daily
            subscriptions, chat with other players and receive notifications.
          </p>
          <p className="opacity-80">
            This policy explains what personal information we collect when you use PlayOn, why we collect it,
            who we share it with and the choices you have. We are the data controller for the personal
            information described here.
          </p>
        </Section>

        <Section title="Information we collect">
          <p className="opacity-80">
            <strong className="font-semibold">Sign-in details.</strong> When you sign in with Google,
            Facebook, or an email address and password, we receive an account identifier and your email
            address from the sign-in provider, and, where you allow it, your name and profile picture. We
            never see your Google or Facebook password.
          </p>
          <p className="opacity-80">
            <strong className="font-semibold">Profile details.</strong> Your name, username, email address,
            date of birth, gender, phone number, profile picture, country and currency, and any referral code
            you enter.
          </p>
          <p className="opacity-80">
            <strong className="font-semibold">Payments.</strong> Top-ups, withdrawals, boosts and
            subscriptions you make, with their amounts, fees, dates and status, and the M-Pesa phone number
            you pay from or withdraw to. Card payments are handled by our card processor: we do not store your
            full card number.
          </p>
          <p className="opacity-80">
            <strong className="font-semibold">Game play.</strong> The games and tournaments you play, your
            scores, rankings and the prizes you win.
          </p>
          <p className="opacity-80">
            <strong className="font-semibold">Chat.</strong> The chat rooms you join and the messages, images
            and files you send in them.
          </p>
          <p className="opacity-80">
            <strong className="font-semibold">Device and usage.</strong> Your device and browser type, IP
            address, the pages you open, error reports, the campaign link that brought you to PlayOn, and, if
            you allow notifications, a push token that lets us send notifications to your device.
          </p>
          <p className="opacity-80">
            <strong className="font-semibold">Messages to us.</strong> The email address, subject and message
            you send through Contact us.
          </p>
        </Section>

        <Section title="How we use your information">
          <p className="opacity-80">
            We use your information to create and run your account, confirm that you are old enough to play,
            process top-ups, withdrawals, boosts and subscriptions, keep your wallet balance and transaction
            history, run tournaments and leaderboards, award prizes, deliver chat messages and send you
            notifications.
          </p>
          <p className="opacity-80">
            We also use it to answer your questions, detect and prevent fraud, cheating and abuse, keep the
            service secure, fix problems, understand how PlayOn is used so we can improve it, and meet our
            legal, tax and accounting obligations.
          </p>
        </Section>

        <Section title="Legal basis for processing">
          <p className="opacity-80">
            We process your personal information in line with the Kenya Data Protection Act, 2019. We rely on
            the following grounds:
          </p>
          <p className="opacity-80">
            <strong className="font-semibold">Contract:</strong> to provide the account, wallet,
            subscriptions, tournaments and chat you signed up for.{' '}
            <strong className="font-semibold">Legal obligation:</strong> to keep payment and tax records and
            to respond to lawful requests from authorities.{' '}
            <strong className="font-semibold">Legitimate interests:</strong> to keep PlayOn secure, stop fraud
            and cheating, and improve the service, where this does not override your rights.{' '}
            <strong className="font-semibold">Consent:</strong> for push notifications and any marketing
            messages. You can withdraw your consent at any time.
          </p>
        </Section>

        <Section title="Sharing your information">
          <p className="opacity-80">
            We do not sell your personal information, and we do not share it with anyone for their own
            advertising.
          </p>
          <p className="opacity-80">
            We share only what is needed with: payment providers, such as Safaricom for M-Pesa payments,
            payouts and airtime billing, and our card processors, to complete your payments; identity
            providers such as Google and Facebook, to sign you in; and service providers that host our
            servers, store data and deliver push notifications and email for us, under contracts that require
            them to protect it.
          </p>
          <p className="opacity-80">
            Other players can see your username, profile picture, scores and rankings on leaderboards and in
            the Hall of fame, and the messages you send in chat rooms. We may also disclose information when
            the law requires it, to protect players or PlayOn from fraud or harm, or to a new owner if PlayOn
            is sold or merged, who must keep to this policy.
          </p>
        </Section>

        <Section title="How long we keep your information">
          <p className="opacity-80">
            We keep your account and profile details for as long as your account is open. Payment and wallet
            records are kept for as long as Kenyan tax and financial record-keeping laws require, even after
            you close your account. Chat messages, scores and device information are kept for as long as they
            are needed to run the service, and are then deleted or made anonymous.
          </p>
        </Section>

        <Section title="How we protect your information">
          <p className="opacity-80">
            We protect your information with encrypted connections, access controls that limit who in our team
            can see it, and regular reviews of our systems. No service can be perfectly secure, so please keep
            your password private and tell us at once if you think someone else has used your account.
          </p>
        </Section>

        <Section title="Players must be 18 or older">
          <p className="opacity-80">
            You must be 18 years of age or older to use PlayOn. We ask for your date of birth to check this.
            We do not knowingly collect information from anyone under 18. If we learn that a player is under
            18, we will close the account and delete their information, except where the law requires us to
            keep it.
          </p>
        </Section>

        <Section title="Cookies and local storage">
          <p className="opacity-80">
            PlayOn uses cookies and your browser’s local and session storage to keep you signed in, remember
            your profile and settings during a visit, remember the campaign link that brought you to us, and
            let the app work when your connection drops. We do not use them to track you across other
            websites. If you clear them or block them, you may be signed out and some features may not work.
          </p>
        </Section>

        <Section title="Push notifications">
          <p className="opacity-80">
            If you allow notifications, we store a push token for your device and use it to tell you about
            tournaments, results, payments, subscriptions and chat activity. You can turn notifications off at
            any time in your browser or device settings. We delete push tokens that are no longer valid.
          </p>
        </Section>

        <Section title="Your rights">
          <p className="opacity-80">
            Under the Kenya Data Protection Act, 2019 you have the right to be told how your information is
            used, to access it, to correct information that is wrong or incomplete, to object to some uses of
            it, and to ask us to delete it. You can update most profile details yourself in the app. For
            anything else, contact us and we will respond within the time the law allows.
          </p>
          <p className="opacity-80">
            Deleting your account is permanent. Your wallet balance and your personal details will be lost and
            cannot be recovered, so withdraw any balance first. We may keep records that the law requires us
            to keep.
          </p>
          <p className="opacity-80">
            If you are unhappy with how we handle your information, please contact us first. You can also
            complain to the Office of the Data Protection Commissioner.
          </p>
        </Section>

        <Section title="Requests for a link to your data">
          <p className="opacity-80">
            You can ask us for a copy of the personal information we hold about you. We will first check that
            the request comes from you, then prepare a download link and send it to the email address on your
            account. Preparing the link can take 2-3 weeks, so please allow for this wait before contacting us
            again about the same request.
          </p>
        </Section>

        <Section title="Changes to this policy">
          <p className="opacity-80">
            We may update this policy when our service or the law changes. We will change the “Last Update”
            date at the top, and if the changes are significant we will tell you in the app or by email before
            they take effect. Continuing to use PlayOn after that means you accept the updated policy.
          </p>
        </Section>

        <Section title="Contact us">
          <p className="opacity-80">
            For any question or request about your privacy, write to us at the support email address shown on
            the Contact us page in the app, or send us a message through the Contact us form. Please use the
            email address linked to your PlayOn account so that we can find your details.
          </p>
        </Section>
      </ol>
    </div>
  );
}
