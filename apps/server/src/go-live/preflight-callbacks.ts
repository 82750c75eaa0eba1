/**
 * Whether Daraja's callbacks can land: PUBLIC_URL is https, names no word Daraja refuses in a
 * callback URL (ADR 0075), answers as PlayOn, and the allow-list of Safaricom's addresses can read
 * the caller through the proxies. The address is asked from this machine: a firewall letting this
 * machine in but not Safaricom is not seen here (docs/go-live.md).
 */

import { callbackRoutes } from '../modules/payments/providers/mpesa/callback-urls.ts';
import type { Config } from '../platform/config.ts';
import { failed, type PreflightLine, passed } from './preflight-line.ts';
import { reach } from './reach.ts';

export type CallbackSettings = Pick<
  Config,
  'production' | 'publicUrl' | 'trustProxyHops' | 'mpesaCallbackAllowedAddresses'
>;

/** Words Daraja refuses anywhere in a callback URL, in any case. */
const REFUSED_WORDS = /m-?pesa|safaricom|exe|cmd|sql|query/i;

export async function checkCallbacks(
  settings: CallbackSettings,
  send?: typeof fetch,
): Promise<PreflightLine[]> {
  const { publicUrl } = settings;
  // The secret segment stays out of the output: "…" stands for it.
  const stkCallback = `${publicUrl}${callbackRoutes.stk.replace(':secret', '…')}`;
  const lines: PreflightLine[] = [];
  if (settings.production && !publicUrl.startsWith('https://')) {
    lines.push(failed('Daraja', `PUBLIC_URL is ${publicUrl}: Daraja calls back to https addresses only`));
  }
  const word = REFUSED_WORDS.exec(new URL(publicUrl).host)?.[0];
  if (word) {
    lines.push(
      failed(
        'Daraja',
        `PUBLIC_URL's host name holds "${word}", which Daraja refuses in callback URLs: give PlayOn another name`,
      ),
    );
  }
  const health = `${publicUrl}/api/health`;
  const answer = await reach(health, { headers: { accept: 'application/json' } }, send);
  if ('unreachable' in answer) {
    lines.push(
      failed(
        'Daraja',
        `Daraja could not reach ${stkCallback}: ${answer.unreachable} (asked ${health}): check PUBLIC_URL, its DNS and the proxy in front`,
      ),
    );
  } else if (
    answer.status === 200 &&
    (answer.body.payload as { database?: unknown } | undefined)?.database === 'up'
  ) {
    lines.push(passed('Daraja', `PlayOn answers at ${health}, so Daraja can call back to ${stkCallback}`));
  } else if (answer.status === 503) {
    lines.push(
      failed(
        'Daraja',
        `${health} answered 503: PlayOn is up but its database is not, so callbacks would fail`,
      ),
    );
  } else {
    lines.push(
      failed(
        'Daraja',
        `${health} answered HTTP ${answer.status}, not PlayOn: Daraja's callbacks to ${stkCallback} would be lost. Check PUBLIC_URL and the proxy's routes`,
      ),
    );
  }
  lines.push(...allowList(settings));
  return lines;
}

function allowList(settings: CallbackSettings): PreflightLine[] {
  const listed = settings.mpesaCallbackAllowedAddresses;
  if (listed.length === 0) {
    return settings.production
      ? [
          failed(
            'Daraja',
            "MPESA_CALLBACK_ALLOWED_ADDRESSES is empty: anyone may call the callback routes. List Safaricom's published addresses (docs/operations.md)",
          ),
        ]
      : [
          passed(
            'Daraja',
            "MPESA_CALLBACK_ALLOWED_ADDRESSES is empty: any address may call back (production lists Safaricom's)",
          ),
        ];
  }
  // Behind a proxy with TRUST_PROXY_HOPS=0 every callback seems to come from the proxy, and is refused.
  if (settings.production && settings.trustProxyHops === 0) {
    return [
      failed(
        'Daraja',
        'MPESA_CALLBACK_ALLOWED_ADDRESSES is set but TRUST_PROXY_HOPS is 0: every callback would seem to come from the proxy in front and be refused. Set it to the number of proxies (docs/deploy.md)',
      ),
    ];
  }
  return [
    passed(
      'Daraja',
      `callbacks are taken from ${listed.length} allowed addresses, read behind ${settings.trustProxyHops} proxies`,
    ),
  ];
}
