// The billing feature's public face: the plan's query options and the cards other pages show
// (the market value analytics page, the profile settings). Import from here.
export {
  adminPlanQueryOptions,
  planKeys,
  planQueryOptions,
  setUserPlanMutationOptions,
} from './api/plan-queries';
export { AccountPlan } from './components/account-plan';
export { PlanCard, usePlanDateLine } from './components/plan-card';
export { checkoutUrlOf, UpgradeCard } from './components/upgrade-card';
