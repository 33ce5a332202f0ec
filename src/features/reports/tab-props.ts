import type { TAssignmentDetail } from '../../shared/contract/assignments';

/** What the assignment detail hands every tab (the same shape as assignments' DetailTabProps). */
export interface DetailTabProps {
  assignment: TAssignmentDetail;
  orgCode: string;
}
