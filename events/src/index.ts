export * from './import-step';
export * from './supplier-order-placed';
