import { directoryOf, type UserType } from '@kork/shared';
import type { SeedStep } from '../data/seed-step';
import { tables, transaction } from '../data/tables';
import { commitTransaction } from '../data/transactions';
import { findUserByEmail } from './account-store';
import { hashPassword } from './passwords';

interface DemoAccount {
  email: string;
  password: string;
  firstName: string;
  lastName: string;
  userType: UserType;
  role: 'user' | 'business' | 'admin';
  isExpert?: boolean;
  extra?: Record<string, unknown>;
}

/** The demo accounts listed in the README. */
export const DEMO_ACCOUNTS: readonly DemoAccount[] = [
  {
    email: 'admin@kork.local',
    password: 'Admin1234',
    firstName: 'Ada',
    lastName: 'Admin',
    userType: 'PRIVATE_USER',
    role: 'admin',
  },
  {
    email: 'restaurant@kork.local',
    password: 'Restaurant1',
    firstName: 'Rita',
    lastName: 'Restaurant',
    userType: 'RESTAURANT',
    role: 'business',
    extra: {
      tastingLocationName: 'Fjord Bistro',
      tastingLocationAddress: 'Bryggen 1, 5003 Bergen',
      tastingLocationLat: 60.3975,
      tastingLocationLong: 5.3245,
      tastingLocationBio: 'Seasonal West Coast cooking with a cellar of 400 wines.',
      tastingLocationIsWineListPublic: true,
      organizationNumber: '987654325',
      viewCurrency: 'NOK',
      country: 'NO',
    },
  },
  {
    email: 'expert@kork.local',
    password: 'Expert1234',
    firstName: 'Erik',
    lastName: 'Ekspert',
    userType: 'PRIVATE_USER',
    role: 'user',
    isExpert: true,
    extra: { wineLevel: 'PROFESSIONAL', jobTitle: 'Sommelier', country: 'NO', viewCurrency: 'NOK' },
  },
  {
    email: 'sommelier@kork.local',
    password: 'Expert1234',
    firstName: 'Sofie',
    lastName: 'Sommelier',
    userType: 'PRIVATE_USER',
    role: 'user',
    isExpert: true,
    extra: { wineLevel: 'PROFESSIONAL', jobTitle: 'Head sommelier', country: 'NO', viewCurrency: 'NOK' },
  },
  {
    email: 'critic@kork.local',
    password: 'Expert1234',
    firstName: 'Kari',
    lastName: 'Kritiker',
    userType: 'PRIVATE_USER',
    role: 'user',
    isExpert: true,
    extra: { wineLevel: 'PROFESSIONAL', jobTitle: 'Wine writer', country: 'NO', viewCurrency: 'NOK' },
  },
  {
    email: 'importer@kork.local',
    password: 'Importer1',
    firstName: 'Ivar',
    lastName: 'Importør',
    userType: 'WINE_IMPORTER',
    role: 'business',
    extra: { country: 'NO', viewCurrency: 'NOK' },
  },
  {
    email: 'private@kork.local',
    password: 'Private1234',
    firstName: 'Pia',
    lastName: 'Privat',
    userType: 'PRIVATE_USER',
    role: 'user',
    extra: { wineLevel: 'ENTHUSIAST', country: 'NO', viewCurrency: 'NOK' },
  },
];

export const accountsSeed: SeedStep = {
  name: 'accounts.demo-users',
  version: 3,
  description: 'demo accounts (admin, restaurant, expert, private, importer)',
  async run() {
    const created: string[] = [];
    for (const account of DEMO_ACCOUNTS) {
      if (await findUserByEmail(account.email)) continue;
      const id = `demo-${account.email.split('@')[0]}`;
      const now = new Date().toISOString();
      const passwordHash = await hashPassword(account.password);
      // The address claim and the account together, so a failed run never leaves one without the other.
      await commitTransaction(() =>
        transaction('accounts').write(({ accountEmail, user }) => [
          accountEmail.create({ email: account.email, ownerId: id }).commit(),
          user
            .create({
              ...(account.extra ?? {}),
              id,
              ownerId: id,
              email: account.email,
              passwordHash,
              firstName: account.firstName,
              lastName: account.lastName,
              userType: account.userType,
              role: account.role,
              isExpert: account.isExpert ?? false,
              directory: directoryOf({ isExpert: account.isExpert, userType: account.userType }),
              emailVerified: true,
              createdAt: now,
              updatedAt: now,
            })
            .commit(),
        ]),
      );
      created.push(account.email);
    }
    return created.length > 0 ? `created ${created.join(', ')}` : 'already present';
  },
};

/** Files every account into its public directory (accounts made before directories existed). */
export const directorySeed: SeedStep = {
  name: 'accounts.directory',
  version: 1,
  description: 'expert and tasting-location directories',
  async run() {
    const { data } = await tables('accounts').user.scan.go({ pages: 'all' });
    let filed = 0;
    for (const user of data) {
      const directory = directoryOf(user);
      if (user.directory === directory) continue;
      await tables('accounts').user.patch({ id: user.id }).set({ directory }).go();
      filed++;
    }
    return `${filed} accounts filed`;
  },
};
