// The email question's plan lives beside it (src/machines/email-change/email-change.plan.ts).
export { emailChangePlan } from '../../src/machines/email-change/email-change.plan';
