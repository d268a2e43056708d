export * from './account-deletion';
export * from './import-step';
export * from './market-value-sync';
export * from './supplier-order-answered';
export * from './supplier-order-message';
export * from './supplier-order-placed';
export * from './supplier-order-reminder';
