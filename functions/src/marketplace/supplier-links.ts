/**
 * Suppliers' order links: a token signed with the app's key naming one order of one supplier, valid
 * `SUPPLIER_LINK_DAYS` days. The link opens `/supplier-order#t=<token>`: the token stays in the fragment
 * and reaches the API in a request body only.
 */
export interface SupplierLinkClaims {
  supplierId: string;
  ownerId: string;
  orderId: string;
  expiresAt: string;
}

export async function signSupplierLink(
  _claims: Omit<SupplierLinkClaims, 'expiresAt'>,
  _now?: Date,
): Promise<string> {
  throw new Error('signSupplierLink');
}

/** The claims of a valid token; 401 supplierLinkInvalid, or 410 supplierLinkExpired. */
export async function verifySupplierLink(_token: string): Promise<SupplierLinkClaims> {
  throw new Error('verifySupplierLink');
}

/** The page a supplier opens. */
export function supplierLinkUrl(_token: string): string {
  throw new Error('supplierLinkUrl');
}
