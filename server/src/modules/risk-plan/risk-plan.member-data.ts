import type { MemberDataRegistry } from '../../db/member-data.js';
import { deleteRiskPlan, findRiskPlan } from './risk-plan.repository.js';

/** The member's risk plan, as saved (null when they never set one). */
export function defineRiskPlanMemberData(memberData: MemberDataRegistry): void {
  memberData.define({
    name: 'riskPlan',
    tables: ['risk_plans'],
    export: (db, user) => findRiskPlan(db, user.id),
    async erase(trx, user) {
      await deleteRiskPlan(trx, user.id);
      return undefined;
    },
  });
}
