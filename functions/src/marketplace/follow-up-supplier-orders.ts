/**
 * The `supplier-order-follow-up` job: publishes again the placed message of orders whose supplier mail is
 * not recorded a few minutes after checkout (the message's sending failed), and one reminder message for
 * orders a supplier has not answered in 24 hours.
 */
export async function handler(): Promise<string> {
  throw new Error('follow-up');
}
