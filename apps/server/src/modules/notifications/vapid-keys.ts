import { type Config, ConfigError } from '../../config.ts';
import {
  checkVapidDetails,
  generateVapidKeys,
  type VapidDetails,
} from '../../platform/push/web-push-sender.ts';
import type { AppSettingsRepository } from './app-settings.repository.ts';

export const VAPID_SETTING = 'vapid_keys';

/**
 * The VAPID key pair: from VAPID_PUBLIC_KEY / VAPID_PRIVATE_KEY when given, else generated once and
 * kept in the database, so every instance and every restart signs with the same key and browsers'
 * subscriptions stay valid.
 */
export async function resolveVapidKeys(
  config: Config,
  settings: AppSettingsRepository,
  now: number,
): Promise<VapidDetails> {
  const subject = config.vapid.subject;
  if (config.vapid.publicKey && config.vapid.privateKey) {
    const details = { subject, publicKey: config.vapid.publicKey, privateKey: config.vapid.privateKey };
    check(details, 'VAPID_PUBLIC_KEY / VAPID_PRIVATE_KEY / VAPID_SUBJECT');
    return details;
  }
  const stored = await settings.getOrInsert(VAPID_SETTING, () => JSON.stringify(generateVapidKeys()), now);
  const keys = JSON.parse(stored) as { publicKey: string; privateKey: string };
  const details = { subject, publicKey: keys.publicKey, privateKey: keys.privateKey };
  check(details, 'VAPID_SUBJECT (or the stored VAPID keys)');
  return details;
}

function check(details: VapidDetails, names: string): void {
  try {
    checkVapidDetails(details);
  } catch (err) {
    throw new ConfigError(`Invalid configuration:\n  ${names}: ${(err as Error).message}`);
  }
}
