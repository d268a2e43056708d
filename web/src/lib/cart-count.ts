/**
 * How many items a business has in its marketplace cart (SPEC §3 cart summary, §6: business users get
 * it loaded and shown). The marketplace does not exist yet, so the cart is empty; its cart summary call
 * will answer here, and the navbar already shows whatever this says.
 */
export function useCartCount(): number {
  return 0;
}
