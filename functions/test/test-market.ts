/**
 * The marketplace's integration-test helpers: a business account of its own with its cellar, and the
 * suppliers' wines as a business sees them (price, stock, minimum order), read through the API.
 */
import { db } from '@kork/functions/data/entities';
import { issueAccessToken } from '@kork/functions/platform/auth';
import type {
  Cart,
  CartItemAdded,
  CurrencyCode,
  Supplier,
  SupplierSummary,
  SupplierWine,
} from '@kork/shared';
import { ulid } from 'ulid';
import { expect } from 'vitest';
import type { ApiAnswer, TestOrigin } from './test-stack';

export interface Business {
  id: string;
  token: string;
  cellarId: string;
}

/** A supplier with the wines of its first page a business can order now. */
export interface OfferingSupplier {
  supplier: Supplier;
  wines: SupplierWine[];
}

export class TestMarket {
  private suppliersRead?: OfferingSupplier[];

  constructor(private readonly origin: () => TestOrigin) {}

  /** The account's cellar id (the cart's routes name the cellar). */
  async cellarIdOf(userId: string, token: string): Promise<string> {
    const answer = await this.origin().api<{ rows: { id: string }[] }>(
      'GET',
      `/api/wine-cellars/users/${userId}/cellars`,
      { token },
    );
    expect(answer.status).toBe(200);
    return answer.payload.rows[0]?.id as string;
  }

  /**
   * A Norwegian restaurant account of its own, straight into the table, with an empty cart; its cellar
   * keeps `viewCurrency` (NOK unless given).
   */
  async freshBusiness(name = 'Test', options: { viewCurrency?: CurrencyCode } = {}): Promise<Business> {
    const id = `mkt${ulid().toLowerCase()}`;
    const now = new Date().toISOString();
    const { data } = await db()
      .entities.user.create({
        id,
        ownerId: id,
        email: `${id}@example.no`,
        firstName: name,
        lastName: 'Bistro',
        userType: 'RESTAURANT',
        role: 'business',
        emailVerified: true,
        tastingLocationName: `${name} Bistro`,
        organizationNumber: '987654325',
        country: 'NO',
        viewCurrency: options.viewCurrency ?? 'NOK',
        createdAt: now,
        updatedAt: now,
      })
      .go();
    const token = await issueAccessToken({
      userId: id,
      role: 'business',
      tokenVersion: data.tokenVersion ?? 1,
    });
    return { id, token, cellarId: await this.cellarIdOf(id, token) };
  }

  /** Suppliers (most wines first) with their wines in stock on the first page of their profile. */
  async suppliers(token: string): Promise<OfferingSupplier[]> {
    if (this.suppliersRead) return this.suppliersRead;
    const list = await this.origin().api<{ rows: SupplierSummary[] }>(
      'GET',
      '/api/suppliers?sort=wines&resultsPerPage=200',
      { token },
    );
    expect(list.status).toBe(200);
    const read: OfferingSupplier[] = [];
    for (const summary of list.payload.rows.filter((row) => row.wineCount > 0)) {
      const answer = await this.origin().api<Supplier>(
        'GET',
        `/api/suppliers/${summary.id}?resultsPerPage=60`,
        { token },
      );
      expect(answer.status).toBe(200);
      read.push({ supplier: answer.payload, wines: answer.payload.wines });
    }
    this.suppliersRead = read;
    return read;
  }

  /** Wines in stock of at least `stock` bottles, with their supplier. */
  async inStock(token: string, stock = 1): Promise<{ supplier: Supplier; wine: SupplierWine }[]> {
    return (await this.suppliers(token)).flatMap(({ supplier, wines }) =>
      wines.filter((wine) => (wine.stock ?? 0) >= stock).map((wine) => ({ supplier, wine })),
    );
  }
}

export const cartPath = (cellarId: string) => `/api/wine-cellars/cellars/${cellarId}/nbs/cart-items`;
export const nbsPath = (cellarId: string) => `/api/wine-cellars/cellars/${cellarId}/nbs`;

/** Adds to a cart; anything but 201 fails the test. The add's own answer: the line and the count. */
export async function addLine(
  origin: TestOrigin,
  business: Pick<Business, 'token' | 'cellarId'>,
  item: { supplierId: string; wineId: string; quantity: number },
): Promise<CartItemAdded> {
  const answer: ApiAnswer<CartItemAdded> = await origin.api<CartItemAdded>(
    'POST',
    cartPath(business.cellarId),
    { token: business.token, json: item },
  );
  expect(answer.error, JSON.stringify(item)).toBeUndefined();
  expect(answer.status).toBe(201);
  return answer.payload;
}

/** Adds to a cart (`addLine`), then reads the whole cart as the cart page shows it. */
export async function addToCart(
  origin: TestOrigin,
  business: Pick<Business, 'token' | 'cellarId'>,
  item: { supplierId: string; wineId: string; quantity: number },
): Promise<Cart> {
  await addLine(origin, business, item);
  const cart: ApiAnswer<Cart> = await origin.api<Cart>('GET', cartPath(business.cellarId), {
    token: business.token,
  });
  expect(cart.status).toBe(200);
  return cart.payload;
}
