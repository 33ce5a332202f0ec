import { Redirect, useParams } from 'wouter';

/**
 * /{orgCode}/automation/{assignmentId} (spec 03 §2): the spec's older address of an automation task,
 * which carried the task's id as an "assignment" id. It opens that task at its one address,
 * /{orgCode}/automation/task/{taskId}, replacing the history entry so Back does not bounce here again.
 */
export default function TaskByIdRedirect() {
  const { orgCode = '', assignmentId = '' } = useParams<{ orgCode: string; assignmentId: string }>();
  return <Redirect to={`/${orgCode}/automation/task/${encodeURIComponent(assignmentId)}`} replace />;
}
