/**
 * What other people may see of an account: names on notes, the expert and tasting-location
 * directories the global search reads, and the public profile page.
 */
import type { PublicProfile } from '@kork/shared';
import { type EntityRecord, tables } from '../data/tables';
import { NotFoundError } from '../platform/errors';

type UserRecord = EntityRecord<'user'>;

export interface PublicName {
  id: string;
  name: string;
  image?: string;
  isExpert: boolean;
  userType: string;
  tastingLocationName?: string;
  country?: string;
}

function fullName(user: Pick<UserRecord, 'firstName' | 'lastName'>): string {
  return `${user.firstName} ${user.lastName}`.trim();
}

function toPublicName(user: UserRecord): PublicName {
  return {
    id: user.id,
    name: fullName(user),
    image: user.profileImage,
    isExpert: user.isExpert,
    userType: user.userType,
    tastingLocationName: user.tastingLocationName,
    country: user.country,
  };
}

/** An account being deleted shows nowhere from the moment it asked (account-deletion.ts). */
function isHidden(user: Pick<UserRecord, 'status'>): boolean {
  return user.status === 'deleting';
}

/** Names and pictures of accounts by id; deleted accounts, and those being deleted, are left out. */
export async function publicNames(ids: readonly string[]): Promise<Map<string, PublicName>> {
  const found = new Map<string, PublicName>();
  const unique = [...new Set(ids)];
  for (let i = 0; i < unique.length; i += 100) {
    const { data } = await tables('accounts')
      .user.get(unique.slice(i, i + 100).map((id) => ({ id })))
      .go();
    for (const user of data) if (!isHidden(user)) found.set(user.id, toPublicName(user));
  }
  return found;
}

/**
 * Which of these accounts must not show anywhere (being deleted): their notes, events, lists and shared
 * locations are left out of every listing and page until the purge has removed them.
 */
export async function hiddenAccounts(ids: readonly string[]): Promise<Set<string>> {
  const hidden = new Set<string>();
  const unique = [...new Set(ids)];
  for (let i = 0; i < unique.length; i += 100) {
    const { data } = await tables('accounts')
      .user.get(unique.slice(i, i + 100).map((id) => ({ id })))
      .go({ attributes: ['id', 'status'] });
    for (const user of data) if (isHidden(user)) hidden.add(user.id);
  }
  return hidden;
}

const directoryCache = new Map<string, { at: number; entries: PublicName[] }>();
const DIRECTORY_TTL_MS = 30_000;

/** Active experts or tasting locations, cached briefly per instance. */
export async function directory(kind: 'expert' | 'tastingLocation'): Promise<PublicName[]> {
  const cached = directoryCache.get(kind);
  if (cached && Date.now() - cached.at < DIRECTORY_TTL_MS) return cached.entries;
  const { data } = await tables('accounts').user.query.byDirectory({ directory: kind }).go({ pages: 'all' });
  const entries = data.filter((user) => user.status === 'active').map(toPublicName);
  directoryCache.set(kind, { at: Date.now(), entries });
  return entries;
}

export function clearDirectoryCache(): void {
  directoryCache.clear();
}

/** The public profile; a deactivated account still shows, under its original name. */
export async function publicProfile(
  userId: string,
  statistic: PublicProfile['statistic'],
): Promise<PublicProfile> {
  const { data: user } = await tables('accounts').user.get({ id: userId }).go();
  if (!user || user.status === 'deleting') throw new NotFoundError();
  const profile: PublicProfile = {
    id: user.id,
    fullName: fullName(user),
    userType: user.userType,
    isExpert: user.isExpert,
    profileImage: user.profileImage,
    bio: user.bio,
    country: user.country,
    webUrl: user.webUrl,
    instagramUrl: user.instagramUrl,
    status: user.status,
    statistic,
  };
  if (user.tastingLocationName || user.directory === 'tastingLocation') {
    profile.tastingLocation = {
      name: user.tastingLocationName,
      address: user.tastingLocationAddress,
      lat: user.tastingLocationLat,
      long: user.tastingLocationLong,
      image: user.tastingLocationImage,
      logo: user.tastingLocationLogo,
      bio: user.tastingLocationBio,
      webUrl: user.tastingLocationWebUrl,
      menuUrl: user.tastingLocationMenuUrl,
      bookingUrl: user.tastingLocationBookingUrl,
      instagramUsername: user.tastingLocationInstagramUsername,
      isWineListPublic: user.tastingLocationIsWineListPublic,
    };
  }
  return profile;
}

/** A restaurant as its wine lists name it, and whether it shows its lists to the public. */
export interface WineListPublisher {
  id: string;
  name: string;
  logo?: string;
  bookingUrl?: string;
  menuUrl?: string;
  /** The account is active and its profile says its wine lists are public. */
  listsPublic: boolean;
}

/** The publishers of wine lists by account id; deleted accounts, and those being deleted, are left out. */
export async function wineListPublishers(ids: readonly string[]): Promise<Map<string, WineListPublisher>> {
  const found = new Map<string, WineListPublisher>();
  const unique = [...new Set(ids)];
  for (let i = 0; i < unique.length; i += 100) {
    const { data } = await tables('accounts')
      .user.get(unique.slice(i, i + 100).map((id) => ({ id })))
      .go();
    for (const user of data) {
      if (isHidden(user)) continue;
      found.set(user.id, {
        id: user.id,
        name: user.tastingLocationName || fullName(user),
        logo: user.tastingLocationLogo,
        bookingUrl: user.tastingLocationBookingUrl,
        menuUrl: user.tastingLocationMenuUrl,
        listsPublic: user.status === 'active' && user.tastingLocationIsWineListPublic !== false,
      });
    }
  }
  return found;
}
