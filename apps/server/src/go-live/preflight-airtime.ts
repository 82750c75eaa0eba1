/** Airtime's part of the pre-flight, when an aggregator is configured: its token endpoint. */
import type { AirtimeConfig } from '../platform/config.ts';
import { failed, type PreflightLine, passed } from './preflight-line.ts';
import { safaricomToken, wordsOf } from './reach.ts';

export async function checkAirtime(
  airtime: AirtimeConfig | undefined,
  send?: typeof fetch,
): Promise<PreflightLine[]> {
  if (!airtime) return [passed('Airtime', 'off (AIRTIME_* are not set): players see airtime as coming soon')];
  if (airtime.sandbox)
    return [passed('Airtime', 'the built-in sandbox (AIRTIME_* are not set): no airtime is charged')];
  const token = await safaricomToken(airtime.baseUrl, airtime, send);
  if ('unreachable' in token) {
    return [
      failed(
        'Airtime',
        `the aggregator could not be reached at ${airtime.baseUrl}: ${token.unreachable}: check AIRTIME_BASE_URL`,
      ),
    ];
  }
  if (token.token)
    return [
      passed(
        'Airtime',
        'the aggregator gave an access token for AIRTIME_CONSUMER_KEY and AIRTIME_CONSUMER_SECRET',
      ),
    ];
  if (token.status === 400 || token.status === 401) {
    return [
      failed(
        'Airtime',
        `the aggregator refused the consumer key and secret: check AIRTIME_CONSUMER_KEY and AIRTIME_CONSUMER_SECRET (it said ${wordsOf(token)})`,
      ),
    ];
  }
  return [
    failed(
      'Airtime',
      `the aggregator gave no access token (it said ${wordsOf(token)}): check AIRTIME_BASE_URL`,
    ),
  ];
}
